import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AUTH, startApi, type RunningApi } from './test-support/start-api.js';

const STAY = 'checkIn=2026-12-10&checkOut=2026-12-13';
const CHAIN_STAY = 'chainCode=ACME&checkin=2026-12-10&checkout=2026-12-13&currency=EUR';

/** What hostile or careless clients send. Each must get a 4xx in its endpoint's shape, never a 5xx. */
const HOSTILE_REQUESTS: [label: string, path: string][] = [
  ['a repeated date', `/v1/shopper/ACME001?${STAY}&checkIn=2026-12-11`],
  ['adults in exponent notation', `/v1/shopper/ACME001?${STAY}&adults=1e3`],
  ['adults as minus zero', `/v1/shopper/ACME001?${STAY}&adults=-0`],
  ['adults as a bracket array', `/v1/shopper/ACME001?${STAY}&adults[]=2`],
  ['prototype keys', `/v1/shopper/ACME001?${STAY}&__proto__[x]=1&constructor=1`],
  ['NUL bytes', `/v1/shopper/ACME001?${STAY}&currency=%00%00%00`],
  ['a 5,000-character rate id', `/v1/shopper/ACME001?${STAY}&rateId=${'R'.repeat(5000)}`],
  ['a 300-character property code', `/v1/shopper/${'A'.repeat(300)}?${STAY}`],
  ['path traversal', `/v1/shopper/..%2F..%2Fetc%2Fpasswd?${STAY}`],
  ['broken percent-encoding', `/v1/shopper/%E0%A4%A?${STAY}`],
  ['a five-digit year', '/v1/shopper/ACME001?checkIn=9999-12-31&checkOut=10000-01-01'],
  ['year zero', '/v1/shopper/ACME001?checkIn=0000-01-01&checkOut=0000-01-02'],
  ['a repeated limit', '/v1/reviews/ACME001?limit=1&limit=2'],
  ['a page beyond 2^53', '/v1/reviews/ACME001?page=99999999999999999999'],
  ['an empty comma list', '/v1/reviews/ACME001?reviewerLanguages=,,,'],
  ['a 2,000-item comma list', `/v1/reviews/ACME001?reviewerLanguages=${'en,'.repeat(2000)}en`],
  ['booleans in other spellings', '/v1/reviews/ACME001?verbose=TRUE&asc=1'],
  ['a prototype sort key', '/v1/reviews/ACME001?sort=__proto__'],
  ['a fractional rating', `/v1/availability/multi?${CHAIN_STAY}&rating=4.5`],
  ['boards that are not numbers', `/v1/availability/multi?${CHAIN_STAY}&boards=abc&boards=`],
  ['a NaN price', `/v1/availability/multi?${CHAIN_STAY}&minPrice=NaN`],
  ['an infinite price', `/v1/availability/multi?${CHAIN_STAY}&maxPrice=Infinity`],
  ['a 1,000-character language', `/v1/availability/multi?${CHAIN_STAY}&lang=${'x'.repeat(1000)}`],
  ['a repeated chain code', `/v1/availability/multi?${CHAIN_STAY}&chainCode=BLUE`],
  ['a bracket chain code', '/v1/availability/multi?chainCode[]=ACME&checkin=2026-12-10&checkout=2026-12-13&currency=EUR'],
];

describe('hostile input', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it.each(HOSTILE_REQUESTS)('%s is refused or answered, never a 5xx', async (_label, path) => {
    const response = await api.get(path, { ...SANDBOX_AUTH, 'accept-language': 'de-DE;q=abc, *;q=0.1, ' + 'x'.repeat(3000) });
    expect(response.status).toBeLessThan(500);
    expect(response.text).not.toMatch(/\n\s+at .+:\d+:\d+/);
    if (response.status >= 400 && path.startsWith('/v1/availability')) {
      if (response.status !== 401) expect(response.body).toEqual({ timestamp: expect.any(String), message: expect.any(String) });
    } else if (response.status >= 400) {
      expect(response.body).toMatchObject({ data: null, error: { type: expect.any(String), message: expect.any(String) } });
    }
  });

  it('keeps serving after all of it', async () => {
    expect((await api.get(`/v1/shopper/ACME001?${STAY}`, SANDBOX_AUTH)).status).toBe(200);
  });
});
