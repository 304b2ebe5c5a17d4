import { createSandboxConnectors } from '@hotelapi/connectors';
import { PriceCalendarResponse } from '@hotelapi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AUTH, TEST_NOW, startApi, type RunningApi } from '../test-support/start-api.js';

/** TEST_NOW is 2026-11-21; the sandbox's booking horizon is 365 days after today. */
const CALENDAR = '/v1/availability/calendar';
const ACME_ORIGIN = 'https://www.acme-hotels.example';

describe('GET /v1/availability/calendar', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('answers the chain without a key: every date in order, the documented shape', async () => {
    const response = await api.get(`${CALENDAR}?chainCode=ACME&from=2026-12-01&to=2027-02-28&currency=EUR`);
    expect(response.status).toBe(200);
    const body = PriceCalendarResponse.parse(response.body);
    expect(body).toMatchObject({ chainCode: 'ACME', propertyCode: null, nights: 1, adults: 2, children: 0, currency: 'EUR', symbol: '€' });
    expect(body.dates).toHaveLength(90);
    expect(body.dates[0].date).toBe('2026-12-01');
    expect(body.dates.at(-1)?.date).toBe('2027-02-28');
    expect(body.dates.some((date) => date.bookable)).toBe(true);
    for (const date of body.dates) expect(date.price === null).toBe(!date.bookable);
  });

  it("gives one property's calendar the prices availability quotes for each stay", async () => {
    const response = await api.get(`${CALENDAR}?chainCode=ACME&propertyCode=ACME001&from=2026-12-26&to=2027-01-05&currency=USD&nights=2&adults=3`);
    expect(response.status).toBe(200);
    const body = PriceCalendarResponse.parse(response.body);
    expect(body.propertyCode).toBe('ACME001');
    for (const date of body.dates) {
      const checkOut = new Date(Date.parse(date.date) + 2 * 86_400_000).toISOString().slice(0, 10);
      const single = await api.get(`/v1/availability/ACME001?checkIn=${date.date}&checkOut=${checkOut}&adults=3&currency=USD`, SANDBOX_AUTH);
      const bookable = single.body.data.rates.filter((rate: { status: string }) => rate.status === 'AVL');
      const lowest = bookable.length > 0 ? Math.min(...bookable.map((rate: { pricing: { price: number } }) => rate.pricing.price)) : null;
      expect(date.price, date.date).toBe(lowest);
    }
    // Over New Year the sandbox asks three nights: a two-night stay is not bookable, and says why.
    const newYear = body.dates.find((date) => date.date === '2026-12-30');
    expect(newYear).toMatchObject({ bookable: false, price: null, minStay: 3 });
  });

  it('is the lowest of the properties, day by day', async () => {
    const query = 'from=2027-03-01&to=2027-03-07&currency=EUR';
    const chain = (await api.get(`${CALENDAR}?chainCode=BLUE&${query}`)).body;
    const each = await Promise.all(['BLUE001', 'BLUE002', 'BLUE003'].map(async (code) => (await api.get(`${CALENDAR}?chainCode=BLUE&propertyCode=${code}&${query}`)).body));
    chain.dates.forEach((date: { price: number | null; minStay: number | null }, index: number) => {
      const prices = each.map((one) => one.dates[index].price).filter((price: number | null) => price !== null);
      expect(date.price).toBe(prices.length > 0 ? Math.min(...prices) : null);
    });
  });

  it('lists dates beyond the booking horizon as not bookable rather than refusing them', async () => {
    const response = await api.get(`${CALENDAR}?chainCode=BLUE&from=2027-11-15&to=2027-11-30&currency=EUR`);
    expect(response.status).toBe(200);
    const beyond = response.body.dates.filter((date: { date: string }) => date.date > '2027-11-21');
    expect(beyond.length).toBeGreaterThan(0);
    expect(beyond.every((date: { bookable: boolean; price: null }) => !date.bookable && date.price === null)).toBe(true);
    expect(response.body.dates.find((date: { date: string }) => date.date === '2027-11-16').bookable).toBe(true);
  });

  it('accepts 366 dates', async () => {
    const response = await api.get(`${CALENDAR}?chainCode=ACME&propertyCode=ACME001&from=2026-11-22&to=2027-11-22&currency=EUR`);
    expect(response.status).toBe(200);
    expect(response.body.dates).toHaveLength(366);
  });

  describe('400 in the { timestamp, message } shape, naming the parameter', () => {
    it.each([
      ['chainCode=ACME&to=2026-12-10&currency=EUR', 'from'],
      ['chainCode=ACME&from=2026-12-10&currency=EUR', 'to'],
      ['chainCode=ACME&from=2026-12-01&to=2026-12-10', 'currency'],
      ['chainCode=ACME&from=2026-12-10&to=2026-12-01&currency=EUR', 'to'],
      ['chainCode=ACME&from=2026-12-01&to=2027-12-02&currency=EUR', 'to'],
      ['chainCode=ACME&from=2026-11-01&to=2026-12-01&currency=EUR', 'from'],
      ['chainCode=ACME&from=2026-02-30&to=2026-12-01&currency=EUR', 'from'],
      ['chainCode=ACME&from=2026-12-01&to=2026-12-10&currency=XYZ', 'currency'],
      ['chainCode=ACME&from=2026-12-01&to=2026-12-10&currency=EUR&nights=0', 'nights'],
      ['chainCode=ACME&from=2026-12-01&to=2026-12-10&currency=EUR&nights=31', 'nights'],
      ['chainCode=ACME&from=2026-12-01&to=2026-12-10&currency=EUR&adults=11', 'adults'],
      ['chainCode=ACME&from=2026-12-01&to=2026-12-10&currency=EUR&children=-1', 'children'],
      ['chainCode=ACME&from=2026-12-01&to=2026-12-10&currency=EUR&propertyCode=BLUE001', 'propertyCode'],
      ['chainCode=ACME&from=2026-12-01&to=2026-12-10&currency=EUR&propertyCode=no%20such', 'propertyCode'],
    ])('%s → %s', async (query, param) => {
      const response = await api.get(`${CALENDAR}?${query}`);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body).sort()).toEqual(['message', 'timestamp']);
      expect(response.body.message.startsWith(`${param}`)).toBe(true);
    });
  });

  it('answers an unknown chain with 401 and an empty body', async () => {
    const response = await api.get(`${CALENDAR}?chainCode=NOPE&from=2026-12-01&to=2026-12-10&currency=EUR`);
    expect(response.status).toBe(401);
    expect(response.text).toBe('');
  });

  it("opens CORS to the chain's widget origins only, preflight included", async () => {
    const query = `${CALENDAR}?chainCode=ACME&from=2026-12-01&to=2026-12-03&currency=EUR`;
    const allowed = await api.get(query, { origin: ACME_ORIGIN });
    expect(allowed.headers['access-control-allow-origin']).toBe(ACME_ORIGIN);
    const other = await api.get(query, { origin: 'https://blue.example' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await api.request('OPTIONS', query, { headers: { origin: ACME_ORIGIN, 'access-control-request-method': 'GET' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ACME_ORIGIN);
  });

  it('asks the booking engine once for every property and the whole range, never once per day', async () => {
    const sandbox = createSandboxConnectors({ now: () => TEST_NOW });
    const calls: string[] = [];
    const bookingEngine = new Proxy(sandbox.bookingEngine, {
      get(target, method, receiver) {
        const member: unknown = Reflect.get(target, method, receiver);
        if (typeof member !== 'function') return member;
        return (...args: unknown[]) => {
          calls.push(String(method));
          return member.apply(target, args);
        };
      },
    });
    const counted = await startApi({ connectors: { ...sandbox, bookingEngine } });
    try {
      const response = await counted.get(`${CALENDAR}?chainCode=ACME&from=2026-12-01&to=2027-02-28&currency=EUR`);
      expect(response.status).toBe(200);
      expect(calls).toEqual(['getArrivalCalendars']);
    } finally {
      await counted.close();
    }
  });
});

describe('429 on the calendar', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ env: { AVAILABILITY_RATE_LIMIT_MAX: '1' } });
  });
  afterAll(() => api.close());

  it('limits per chain and client address, with Retry-After, in the { timestamp, message } shape', async () => {
    const query = 'from=2026-12-01&to=2026-12-03&currency=EUR';
    expect((await api.get(`${CALENDAR}?chainCode=BLUE&${query}`)).status).toBe(200);
    const limited = await api.get(`${CALENDAR}?chainCode=BLUE&${query}`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Object.keys(limited.body).sort()).toEqual(['message', 'timestamp']);
    expect((await api.get(`${CALENDAR}?chainCode=ACME&${query}`)).status).toBe(200);
  });
});
