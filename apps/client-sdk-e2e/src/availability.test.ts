import { startApi, type RunningApi } from '@hotelapi/api/testing';
import { AuthenticationError, HotelApiClient, InvalidRequestError, type AvailabilityMultiResult } from '@hotelapi/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recording, trustingFetch } from './support/api.js';

const SEARCH = { chainCode: 'ACME', checkin: '2026-12-10', checkout: '2026-12-13', currency: 'EUR' } as const;

describe('client.availability.multi', () => {
  let api: RunningApi;
  let client: HotelApiClient;
  beforeAll(async () => {
    api = await startApi();
    // No API key: the endpoint needs none.
    client = new HotelApiClient({ baseUrl: api.url, fetch: trustingFetch(api.dispatcher) });
  });
  afterAll(() => api.close());

  it('returns the response body and the request id, without an API key', async () => {
    const result: AvailabilityMultiResult = await client.availability.multi(SEARCH);
    expect(result.hotels.length).toBeGreaterThan(0);
    expect(result).toMatchObject({ checkin: SEARCH.checkin, checkout: SEARCH.checkout, adults: 2, currency: 'EUR' });
    expect(result.metadata).toMatchObject({ sortBy: 'PRICE', sortOrder: 'ASC' });
    const prices = result.hotels.map((hotel) => hotel.minprice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(result.requestId).toMatch(/\S/);
  });

  it('never sends the API key there, even when the client has one', async () => {
    const { fetch, exchanges } = recording(trustingFetch(api.dispatcher));
    const keyed = new HotelApiClient({ apiKey: 'sk_test_sandbox', baseUrl: api.url, fetch });
    await keyed.availability.multi(SEARCH);
    expect(exchanges[0]?.headers.has('authorization')).toBe(false);
  });

  it('repeats list parameters and sends every other one', async () => {
    const { fetch, exchanges } = recording(trustingFetch(api.dispatcher));
    const recorded = new HotelApiClient({ baseUrl: api.url, fetch });
    const result = await recorded.availability.multi({
      ...SEARCH,
      rating: [4, 5],
      boards: [3, 12],
      adults: 1,
      sortBy: 'NAME',
      sortOrder: 'DESC',
      device: 'MOBILE',
      lang: 'fr',
    });
    const sent = exchanges[0]?.url.searchParams;
    expect(sent?.getAll('rating')).toEqual(['4', '5']);
    expect(sent?.getAll('boards')).toEqual(['3', '12']);
    expect(Object.fromEntries([...(sent?.entries() ?? [])].filter(([name]) => name !== 'rating' && name !== 'boards'))).toEqual({
      ...SEARCH,
      adults: '1',
      sortBy: 'NAME',
      sortOrder: 'DESC',
      device: 'MOBILE',
      lang: 'fr',
    });
    expect(result.adults).toBe(1);
    expect(result.hotels.length).toBeGreaterThan(0);
    for (const hotel of result.hotels) {
      expect([4, 5]).toContain(hotel.rating);
    }
    const names = result.hotels.map((hotel) => hotel.name);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'fr')));
  });

  it('filters by price and destination', async () => {
    const all = await client.availability.multi(SEARCH);
    const destination = all.hotels[0]?.location.name ?? '';
    const cheap = all.hotels[0]?.minprice ?? 0;
    const result = await client.availability.multi({ ...SEARCH, destination, maxPrice: cheap });
    expect(result.hotels.length).toBeGreaterThan(0);
    expect(result.hotels.every((hotel) => hotel.location.name === destination && hotel.minprice <= cheap)).toBe(true);
  });

  it('400 ({ timestamp, message }): InvalidRequestError carrying the message', async () => {
    const error = await client.availability.multi({ ...SEARCH, checkout: SEARCH.checkin }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ status: 400, type: 'invalid_request_error', code: undefined });
    expect((error as InvalidRequestError).message).toMatch(/checkout/);
    expect((error as InvalidRequestError).requestId).toMatch(/\S/);
  });

  it('401 (empty body): AuthenticationError for an unknown chain', async () => {
    const error = await client.availability.multi({ ...SEARCH, chainCode: 'NOPE' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, type: 'authentication_error' });
    expect((error as AuthenticationError).message).toMatch(/401/);
    expect((error as AuthenticationError).requestId).toMatch(/\S/);
  });
});
