import type { LoggedEvent } from '@hotelapi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AUTH, startApi, TEST_NOW, type RunningApi } from '../../test-support/start-api.js';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

describe('the sandbox shopper', () => {
  let api: RunningApi;
  let clock = TEST_NOW;

  beforeAll(async () => {
    api = await startApi({ now: () => clock, env: { METRICS_TOKEN } });
  });
  afterAll(() => api.close());

  it('collects fresh channel prices through the writer, and parity breaches follow by themselves', async () => {
    // Every channel steps down each round, to the bottom of its band: 6 % under the direct price.
    for (let round = 1; round <= 5; round++) {
      clock = new Date(TEST_NOW.getTime() + round * 60_000);
      expect(await api.app.eventWork.collectSandboxPrices(() => 0)).toBeGreaterThan(0);
      await api.app.eventWork.parity.settle();
    }
    const response = await api.get('/v1/events?limit=500&types=data.loaded,parity.breach', SANDBOX_AUTH);
    expect(response.status, response.text).toBe(200);
    const events = response.body.data as LoggedEvent[];
    expect(events.filter((event) => event.type === 'data.loaded').every((event) => event.type === 'data.loaded' && Object.keys(event.data.counts).join() === 'channelShop')).toBe(true);
    const breaches = events.filter((event) => event.type === 'parity.breach');
    expect(breaches.length).toBeGreaterThan(0);
    for (const breach of breaches) expect(breach.data).toMatchObject({ status: 'LOSE', tolerance: 1, nights: 1, adults: 2, children: 0 });
    // The metrics count events by type as the log tells them.
    const metrics = await api.get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(metrics.text).toMatch(/^events_total\{type="parity\.breach"\} [1-9]/m);
    expect(metrics.text).toMatch(/^events_total\{type="data\.loaded"\} [1-9]/m);
  });
});
