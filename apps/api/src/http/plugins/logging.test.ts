import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AUTH, startApi, type RunningApi } from '../../test-support/start-api.js';

describe('structured logs', () => {
  const lines: string[] = [];
  let api: RunningApi;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    api = await startApi({ logger: { level: 'trace', stream } });
  });
  afterAll(() => api.close());

  it('logs JSON lines with the request id, and never the API key', async () => {
    await api.get('/v1/shopper/ACME001?checkIn=2026-12-10&checkOut=2026-12-13', { ...SANDBOX_AUTH, 'x-request-id': 'log-test-1' });
    await api.get('/v1/shopper/ACME001', { authorization: 'Bearer sk_live_secretsecretsecretsecret00', 'x-request-id': 'log-test-2' });
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const ours = entries.filter((entry) => entry['reqId'] === 'log-test-1' || entry['reqId'] === 'log-test-2');
    expect(ours.length).toBeGreaterThanOrEqual(4);
    expect(ours.some((entry) => entry['msg'] === 'request completed')).toBe(true);
    const everything = lines.join('\n');
    expect(everything).not.toContain('sk_test_sandbox');
    expect(everything).not.toContain('secretsecret');
  });
});
