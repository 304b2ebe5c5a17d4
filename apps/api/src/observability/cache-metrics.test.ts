import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AUTH, startApi, type RunningApi } from '../test-support/start-api.js';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const STAY = 'checkIn=2026-12-10&checkOut=2026-12-12';

/** A family's value for one cache, from the exposition text. */
function valueOf(text: string, family: string, cache: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${family}{cache="${cache}"} `));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
}

describe('cache metrics', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ env: { METRICS_TOKEN, PROPERTY_ANSWER_CACHE_MS: '600000' } });
  });
  afterAll(() => api.close());

  it('expose hits, misses and entries of every declared cache by name, the libraries’ caches included', async () => {
    for (let round = 0; round < 3; round++) {
      expect((await api.get(`/v1/shopper/ACME001?${STAY}`, { ...SANDBOX_AUTH, 'accept-language': 'de' })).status).toBe(200);
    }
    const { text } = await api.get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(text).toContain('# TYPE hotelapi_cache_hits_total counter');
    expect(text).toContain('# TYPE hotelapi_cache_misses_total counter');
    expect(text).toContain('# TYPE hotelapi_cache_entries gauge');
    // The service's answers: asked three times, computed twice (kept from the second asking), reused once.
    expect(valueOf(text, 'hotelapi_cache_hits_total', 'shopper-answers')).toBe(1);
    expect(valueOf(text, 'hotelapi_cache_misses_total', 'shopper-answers')).toBe(2);
    expect(valueOf(text, 'hotelapi_cache_entries', 'shopper-answers')).toBe(1);
    // A connector's cache (libs/connectors) and a language's (libs/i18n) show up as well.
    expect(valueOf(text, 'hotelapi_cache_entries', 'parsed-dates')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'hotelapi_cache_hits_total', 'negotiated-languages')).toBeGreaterThanOrEqual(2);
    for (const cache of ['chain-answers', 'stale-answers', 'sandbox-stay-quotes', 'checked-inputs']) {
      for (const family of ['hotelapi_cache_hits_total', 'hotelapi_cache_misses_total', 'hotelapi_cache_entries']) {
        expect(valueOf(text, family, cache), `${family} ${cache}`).toBeGreaterThanOrEqual(0);
      }
    }
  });
});
