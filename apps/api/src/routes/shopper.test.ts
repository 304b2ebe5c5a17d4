import { ChannelType, ShopperResponse } from '@hotelapi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITED_AUTH, SANDBOX_AUTH, startApi, type RunningApi } from '../test-support/start-api.js';

const STAY = 'checkIn=2026-12-10&checkOut=2026-12-13';

describe('GET /v1/shopper/{code}', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  describe('200', () => {
    it('returns the cheapest rate with every field, channel prices and a parity summary', async () => {
      const response = await api.get(`/v1/shopper/ACME001?${STAY}`, SANDBOX_AUTH);
      expect(response.status).toBe(200);
      // The body is exactly the documented shape.
      const body = ShopperResponse.parse(response.body);
      expect(body.error).toBeNull();
      expect(body.data?.currency).toBe('EUR');
      expect(body.data?.rates).toHaveLength(1);
      const [rate] = body.data?.rates ?? [];
      expect(rate).toMatchObject({ lowestRate: true });
      expect(rate?.roomName).not.toBe('');
      expect(rate?.board).not.toBe('');
      expect(rate?.cancellationPolicy).not.toBe('');
      expect(body.data?.channels.length).toBeGreaterThan(0);
      for (const channel of body.data?.channels ?? []) {
        expect(ChannelType.options).toContain(channel.source_id);
        expect(channel.source_name).not.toBe('');
      }
      expect(body.summary.directPrice).toBe(rate?.price);
      expect(body.summary.cheapestChannel?.price).toBe(Math.min(...(body.data?.channels ?? []).map((c) => c.price)));
      expect(body.metadata.apiVersion).toBe('v1');
      expect(Date.parse(body.metadata.collectedAt ?? '')).not.toBeNaN();
      expect(response.headers['content-language']).toBe('en');
      expect(String(response.headers.vary)).toMatch(/Accept-Language/);
    });

    it('applies the defaults: adults 2, children 0, EUR, every configured channel', async () => {
      const implicit = await api.get(`/v1/shopper/ACME001?${STAY}`, SANDBOX_AUTH);
      const explicit = await api.get(`/v1/shopper/ACME001?${STAY}&adults=2&children=0&currency=EUR`, SANDBOX_AUTH);
      expect(implicit.body.data).toEqual(explicit.body.data);
    });

    it('prices more adults higher', async () => {
      const two = await api.get(`/v1/shopper/ACME001?${STAY}&adults=2`, SANDBOX_AUTH);
      const three = await api.get(`/v1/shopper/ACME001?${STAY}&adults=3`, SANDBOX_AUTH);
      expect(three.body.data.rates[0].price).toBeGreaterThan(two.body.data.rates[0].price);
    });

    it('shops one channel when asked', async () => {
      const all = await api.get(`/v1/shopper/ACME001?${STAY}`, SANDBOX_AUTH);
      const channel = all.body.data.channels[0].source_id;
      const one = await api.get(`/v1/shopper/ACME001?${STAY}&channel=${channel}`, SANDBOX_AUTH);
      expect(one.body.data.channels).toEqual([all.body.data.channels[0]]);
    });

    it('lists every room of the asked rate, cheapest first, lowestRate only on the overall cheapest', async () => {
      const cheapest = await api.get(`/v1/shopper/ACME001?${STAY}`, SANDBOX_AUTH);
      const lowest = cheapest.body.data.rates[0];
      const sameRate = await api.get(`/v1/shopper/ACME001?${STAY}&rateId=${lowest.rateId}`, SANDBOX_AUTH);
      const rates = sameRate.body.data.rates as { price: number; rateId: string; lowestRate: boolean }[];
      expect(rates.length).toBeGreaterThanOrEqual(1);
      expect(rates.every((rate) => rate.rateId === lowest.rateId)).toBe(true);
      expect(rates.map((rate) => rate.price)).toEqual([...rates.map((rate) => rate.price)].sort((a, b) => a - b));
      expect(rates.filter((rate) => rate.lowestRate)).toHaveLength(1);
      expect(rates[0]).toEqual(lowest);
    });

    it('converts into the requested currency, rounded to its minor units', async () => {
      const eur = await api.get(`/v1/shopper/ACME001?${STAY}`, SANDBOX_AUTH);
      const jpy = await api.get(`/v1/shopper/ACME001?${STAY}&currency=jpy`, SANDBOX_AUTH);
      expect(jpy.status).toBe(200);
      expect(jpy.body.data.currency).toBe('JPY');
      expect(Number.isInteger(jpy.body.data.rates[0].price)).toBe(true);
      expect(jpy.body.data.rates[0].price).toBeGreaterThan(eur.body.data.rates[0].price * 50);
      const bhd = await api.get(`/v1/shopper/ACME001?${STAY}&currency=BHD`, SANDBOX_AUTH);
      expect(Math.round(bhd.body.data.rates[0].price * 1000)).toBeCloseTo(bhd.body.data.rates[0].price * 1000, 6);
    });

    it('translates rate texts, falling back to English', async () => {
      const en = await api.get(`/v1/shopper/ACME001?${STAY}`, SANDBOX_AUTH);
      const es = await api.get(`/v1/shopper/ACME001?${STAY}`, { ...SANDBOX_AUTH, 'accept-language': 'es-MX;q=0.9, en;q=0.5' });
      expect(es.headers['content-language']).toBe('es');
      expect(es.body.data.rates[0].board).not.toBe(en.body.data.rates[0].board);
      expect(es.body.data.rates[0].price).toBe(en.body.data.rates[0].price);
      const unsupported = await api.get(`/v1/shopper/ACME001?${STAY}`, { ...SANDBOX_AUTH, 'accept-language': 'nl, ja;q=0.8' });
      expect(unsupported.headers['content-language']).toBe('en');
      expect(unsupported.body.data.rates[0].board).toBe(en.body.data.rates[0].board);
    });
  });

  describe('400', () => {
    const cases: [string, string, string][] = [
      ['checkIn missing', 'checkOut=2026-12-13', 'checkIn'],
      ['impossible date', 'checkIn=2026-02-30&checkOut=2026-03-02', 'checkIn'],
      ['check-out not after check-in', 'checkIn=2026-12-10&checkOut=2026-12-10', 'checkOut'],
      ['stay over 30 nights', 'checkIn=2026-12-10&checkOut=2027-01-10', 'checkOut'],
      ['check-in in the past', 'checkIn=2026-11-01&checkOut=2026-11-03', 'checkIn'],
      ['check-in over 365 days ahead', 'checkIn=2027-12-01&checkOut=2027-12-03', 'checkIn'],
      ['adults not a number', `${STAY}&adults=two`, 'adults'],
      ['adults zero', `${STAY}&adults=0`, 'adults'],
      ['unknown channel', `${STAY}&channel=OTA_99`, 'channel'],
      ['unknown currency', `${STAY}&currency=XYZ`, 'currency'],
      ['malformed currency', `${STAY}&currency=EURO`, 'currency'],
    ];
    it.each(cases)('%s names the parameter', async (_name, query, param) => {
      const response = await api.get(`/v1/shopper/ACME001?${query}`, SANDBOX_AUTH);
      expect(response.status).toBe(400);
      expect(response.body.data).toBeNull();
      expect(response.body.error).toMatchObject({ type: 'invalid_request_error', param });
      expect(response.body.error.message).toBeTruthy();
    });
  });

  it('tells a missing parameter from an invalid one', async () => {
    const missing = await api.get('/v1/shopper/ACME001?checkOut=2026-12-13', SANDBOX_AUTH);
    expect(missing.body.error).toMatchObject({ code: 'parameter_missing', param: 'checkIn', message: 'checkIn is required.' });
    const invalid = await api.get('/v1/shopper/ACME001?checkIn=tomorrow&checkOut=2026-12-13', SANDBOX_AUTH);
    expect(invalid.body.error).toMatchObject({ code: 'parameter_invalid', param: 'checkIn' });
  });

  describe('401', () => {
    it.each([
      ['missing', {}, 'api_key_missing'],
      ['not Bearer', { authorization: 'Basic abc' }, 'api_key_malformed'],
      ['malformed key', { authorization: 'Bearer nope' }, 'api_key_malformed'],
      ['unknown key', { authorization: 'Bearer sk_live_0000000000000000000000000000000' }, 'api_key_invalid'],
    ])('%s key', async (_name, headers, code) => {
      const response = await api.get(`/v1/shopper/ACME001?${STAY}`, headers as Record<string, string>);
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(response.body.error).toMatchObject({ type: 'authentication_error', code });
    });
  });

  describe('403 and 404', () => {
    it('gives a limited key 403 for a property it may not read, existing or not', async () => {
      for (const code of ['ACME002', 'NOPE999']) {
        const response = await api.get(`/v1/shopper/${code}?${STAY}`, LIMITED_AUTH);
        expect(response.status).toBe(403);
        expect(response.body.error).toMatchObject({ type: 'permission_error', code: 'property_forbidden' });
      }
    });

    it('lets a limited key read its property and its chain', async () => {
      expect((await api.get(`/v1/shopper/ACME001?${STAY}`, LIMITED_AUTH)).status).toBe(200);
      expect((await api.get(`/v1/shopper/BLUE002?${STAY}`, LIMITED_AUTH)).status).toBe(200);
    });

    it('gives a key that reads everything 404 for an unknown property', async () => {
      const response = await api.get(`/v1/shopper/NOPE999?${STAY}`, SANDBOX_AUTH);
      expect(response.status).toBe(404);
      expect(response.body.error).toMatchObject({ type: 'not_found_error', code: 'property_not_found', param: 'code' });
    });

    it('answers an unknown rateId with 404 naming rateId', async () => {
      const response = await api.get(`/v1/shopper/ACME001?${STAY}&rateId=NO_SUCH_RATE`, SANDBOX_AUTH);
      expect(response.status).toBe(404);
      expect(response.body.error).toMatchObject({ type: 'not_found_error', param: 'rateId' });
    });
  });
});

describe('429', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ env: { RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_MS: '60000' } });
  });
  afterAll(() => api.close());

  it('limits each key across every keyed route, with Retry-After and RateLimit headers, in the envelope shape', async () => {
    const first = await api.get(`/v1/shopper/ACME001?${STAY}`, SANDBOX_AUTH);
    expect(first.headers['ratelimit-limit']).toBe('2');
    // Another endpoint spends the same key's budget.
    const second = await api.get('/v1/reviews/ACME001', SANDBOX_AUTH);
    expect(second.status).toBe(200);
    expect(second.headers['ratelimit-remaining']).toBe('0');
    const limited = await api.get(`/v1/shopper/ACME001?${STAY}`, SANDBOX_AUTH);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(limited.body).toMatchObject({ data: null, error: { type: 'rate_limit_error', code: 'rate_limited' } });
    // Another key has its own budget.
    expect((await api.get(`/v1/shopper/ACME001?${STAY}`, LIMITED_AUTH)).status).toBe(200);
  });
});
