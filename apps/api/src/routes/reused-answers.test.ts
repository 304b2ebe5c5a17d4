import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITED_AUTH, SANDBOX_AUTH, startApi, TEST_NOW, type RunningApi } from '../test-support/start-api.js';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
/** The sandbox's today (2026-11-21) as check-in: allowed today, in the past tomorrow. */
const TODAY_STAY = 'checkIn=2026-11-21&checkOut=2026-11-23';
const DAY_MS = 86_400_000;

describe('shopper and reviews answers reused, through the API', () => {
  let now = TEST_NOW;
  let api: RunningApi;
  beforeAll(async () => {
    // Long enough that no entry expires during a test: what is checked is what else keeps one from being given.
    api = await startApi({ env: { METRICS_TOKEN, PROPERTY_ANSWER_CACHE_MS: '600000' }, now: () => now });
  });
  afterAll(() => api.close());

  const reuses = async (cache: string) => {
    const metrics = await api.get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    const line = metrics.text.split('\n').find((l) => l.startsWith(`hotelapi_cache_hits_total{cache="${cache}"}`));
    return Number(line?.split(' ')[1] ?? 0);
  };

  /** Asks twice: an answer is kept from the second time its question is asked. */
  const askTwice = async (path: string, headers: Record<string, string>) => {
    await api.get(path, headers);
    return api.get(path, headers);
  };

  it('keep no answer to a question asked once', async () => {
    const path = `/v1/shopper/ACME006?${TODAY_STAY}`;
    const before = await reuses('shopper-answers');
    await api.get(path, SANDBOX_AUTH);
    await api.get(path, SANDBOX_AUTH);
    expect(await reuses('shopper-answers')).toBe(before);
  });

  it('give a repeated shopper request the same answer with its own request id, counted as a reuse', async () => {
    const path = `/v1/shopper/ACME002?${TODAY_STAY}&adults=3`;
    const first = await askTwice(path, SANDBOX_AUTH);
    const before = await reuses('shopper-answers');
    const again = await api.get(path, SANDBOX_AUTH);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(again.body.metadata.requestId).not.toBe(first.body.metadata.requestId);
    expect(await reuses('shopper-answers')).toBe(before + 1);
  });

  it('check the stay again: the same URL the next day is a check-in in the past', async () => {
    const path = `/v1/shopper/ACME003?${TODAY_STAY}`;
    expect((await askTwice(path, SANDBOX_AUTH)).status).toBe(200);
    now = new Date(TEST_NOW.getTime() + DAY_MS);
    try {
      const nextDay = await api.get(path, SANDBOX_AUTH);
      expect(nextDay.status).toBe(400);
      expect(nextDay.body.error.code).toBe('checkin_in_past');
    } finally {
      now = TEST_NOW;
    }
  });

  it('do not give an answer to a key that may not read the property', async () => {
    const path = `/v1/shopper/ACME004?${TODAY_STAY}`;
    expect((await askTwice(path, SANDBOX_AUTH)).status).toBe(200);
    const limited = await api.get(path, LIMITED_AUTH);
    expect(limited.status).toBe(403);
    expect(limited.body.error.code).toBe('property_forbidden');
  });

  it('answer each language apart', async () => {
    const path = `/v1/shopper/ACME005?${TODAY_STAY}`;
    const english = await askTwice(path, SANDBOX_AUTH);
    const spanish = await api.get(path, { ...SANDBOX_AUTH, 'accept-language': 'es' });
    expect(spanish.headers['content-language']).toBe('es');
    expect(spanish.body.data.rates[0].board).not.toBe(english.body.data.rates[0].board);
  });

  it('give a repeated reviews page the same page, counted as a reuse', async () => {
    const path = '/v1/reviews/ACME001?score=GOOD&limit=5&page=2';
    const first = await askTwice(path, SANDBOX_AUTH);
    const before = await reuses('reviews-answers');
    const again = await api.get(path, SANDBOX_AUTH);
    expect(again.status).toBe(200);
    expect(again.text.replace(again.body.metadata.requestId, '')).toBe(first.text.replace(first.body.metadata.requestId, ''));
    expect(await reuses('reviews-answers')).toBe(before + 1);
  });
});
