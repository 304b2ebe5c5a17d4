import { startApi, type RunningApi } from '@hotelapi/api/testing';
import {
  AuthenticationError,
  HotelApiClient,
  HotelApiError,
  InvalidRequestError,
  NotFoundError,
  PermissionError,
  type ShopperResult,
} from '@hotelapi/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, LIMITED_KEY, recordedClientFor, STAY, trustingFetch } from './support/api.js';

describe('client.shopper.get', () => {
  let api: RunningApi;
  let client: HotelApiClient;
  beforeAll(async () => {
    api = await startApi();
    client = clientFor(api);
  });
  afterAll(() => api.close());

  it('returns data, summary, metadata and the request id', async () => {
    const result: ShopperResult = await client.shopper.get('ACME001', STAY);
    expect(result.data.currency).toBe('EUR');
    expect(result.data.rates).toHaveLength(1);
    expect(result.data.rates[0]?.lowestRate).toBe(true);
    expect(result.data.channels.length).toBeGreaterThan(0);
    expect(result.summary.directPrice).toBe(result.data.rates[0]?.price);
    expect(result.metadata.apiVersion).toBe('v1');
    expect(Date.parse(result.metadata.collectedAt ?? '')).not.toBeNaN();
    expect(result.requestId).toMatch(/\S/);
    expect(result.requestId).toBe(result.metadata.requestId);
  });

  it('sends every parameter: party, channel, currency and rate', async () => {
    const two = await client.shopper.get('ACME001', { ...STAY, adults: 2, children: 0 });
    const three = await client.shopper.get('ACME001', { ...STAY, adults: 3 });
    expect(three.data.rates[0]?.price).toBeGreaterThan(two.data.rates[0]?.price ?? Infinity);

    const channel = two.data.channels[0]?.source_id;
    expect(channel).toBeDefined();
    const one = await client.shopper.get('ACME001', { ...STAY, channel });
    expect(one.data.channels).toEqual([two.data.channels[0]]);

    const yen = await client.shopper.get('ACME001', { ...STAY, currency: 'jpy' });
    expect(yen.data.currency).toBe('JPY');
    expect(Number.isInteger(yen.data.rates[0]?.price)).toBe(true);

    const rateId = two.data.rates[0]?.rateId ?? '';
    const sameRate = await client.shopper.get('ACME001', { ...STAY, rateId });
    expect(sameRate.data.rates.every((rate) => rate.rateId === rateId)).toBe(true);
  });

  it('asks for the client’s language, and a call can ask for another', async () => {
    const english = await client.shopper.get('ACME001', STAY);
    const spanishClient = clientFor(api, { language: ['es-MX', 'en'] });
    const spanish = await spanishClient.shopper.get('ACME001', STAY);
    expect(spanish.data.rates[0]?.board).not.toBe(english.data.rates[0]?.board);
    expect(spanish.data.rates[0]?.price).toBe(english.data.rates[0]?.price);
    const backToEnglish = await spanishClient.shopper.get('ACME001', STAY, { language: 'en' });
    expect(backToEnglish.data.rates[0]?.board).toBe(english.data.rates[0]?.board);
  });

  it('sends the API key, the User-Agent and Accept: application/json', async () => {
    const { client: recorded, exchanges } = recordedClientFor(api, { userAgent: 'e2e-suite/1.0' });
    await recorded.shopper.get('ACME001', STAY);
    const [sent] = exchanges;
    expect(sent?.url.pathname).toBe('/v1/shopper/ACME001');
    expect(sent?.url.searchParams.get('checkIn')).toBe(STAY.checkIn);
    expect(sent?.headers.get('authorization')).toBe('Bearer sk_test_sandbox');
    expect(sent?.headers.get('accept')).toBe('application/json');
    expect(sent?.headers.get('user-agent')).toMatch(/^@hotelapi\/client\/\S+ node\/\d+\.\d+\.\d+ e2e-suite\/1\.0$/);
  });

  describe('errors', () => {
    it('400: InvalidRequestError naming the parameter, not retried', async () => {
      const { client: recorded, exchanges } = recordedClientFor(api);
      const error = await recorded.shopper.get('ACME001', { checkIn: STAY.checkIn, checkOut: STAY.checkIn }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(error).toBeInstanceOf(HotelApiError);
      expect(error).toMatchObject({
        name: 'InvalidRequestError',
        status: 400,
        type: 'invalid_request_error',
        code: 'parameter_invalid',
        param: 'checkOut',
      });
      const { message, requestId } = error as InvalidRequestError;
      expect(message).toMatch(/checkIn/);
      expect(requestId).toMatch(/\S/);
      expect(exchanges.map((exchange) => exchange.status)).toEqual([400]);
    });

    it('400: a malformed parameter is reported by the API, not guessed at by the client', async () => {
      await expect(client.shopper.get('ACME001', { ...STAY, checkIn: '2026-02-30' })).rejects.toMatchObject({
        status: 400,
        param: 'checkIn',
      });
    });

    it('401: AuthenticationError without a key, and with an unknown one', async () => {
      const keyless = new HotelApiClient({ baseUrl: api.url, fetch: trustingFetch(api.dispatcher) });
      await expect(keyless.shopper.get('ACME001', STAY)).rejects.toMatchObject({
        constructor: AuthenticationError,
        status: 401,
        type: 'authentication_error',
        code: 'api_key_missing',
      });
      const unknown = clientFor(api, { apiKey: 'sk_live_0000000000000000000000000000000' });
      const error = await unknown.shopper.get('ACME001', STAY).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(error).toMatchObject({ code: 'api_key_invalid' });
      expect((error as AuthenticationError).headers?.get('www-authenticate')).toMatch(/^Bearer/);
    });

    it('403: PermissionError for a property the key may not read', async () => {
      const limited = clientFor(api, { apiKey: LIMITED_KEY });
      await expect(limited.shopper.get('ACME002', STAY)).rejects.toMatchObject({
        constructor: PermissionError,
        status: 403,
        type: 'permission_error',
        code: 'property_forbidden',
      });
      await expect(limited.shopper.get('BLUE002', STAY)).resolves.toMatchObject({ data: { currency: expect.any(String) } });
    });

    it('404: NotFoundError for an unknown property and an unknown rate', async () => {
      await expect(client.shopper.get('NOPE999', STAY)).rejects.toMatchObject({
        constructor: NotFoundError,
        status: 404,
        type: 'not_found_error',
        code: 'property_not_found',
        param: 'code',
      });
      await expect(client.shopper.get('ACME001', { ...STAY, rateId: 'NO_SUCH_RATE' })).rejects.toMatchObject({
        constructor: NotFoundError,
        param: 'rateId',
      });
    });
  });
});
