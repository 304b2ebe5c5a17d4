import { startApi, type RunningApi } from '@hotelapi/api/testing';
import {
  AuthenticationError,
  HotelApiClient,
  InvalidRequestError,
  NotFoundError,
  PermissionError,
  type AvailabilitySingleResult,
  type ParityResult,
  type PriceCalendarResult,
  type PropertyInfoResult,
} from '@hotelapi/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITED_KEY, STAY, clientFor, recording, trustingFetch } from './support/api.js';

describe('SDK methods of the property, single-availability, calendar and parity endpoints', () => {
  let api: RunningApi;
  let client: HotelApiClient;
  beforeAll(async () => {
    api = await startApi();
    client = clientFor(api);
  });
  afterAll(() => api.close());

  it('client.properties.get, rooms and lowestMonthlyRates', async () => {
    const info: PropertyInfoResult = await client.properties.get('ACME001');
    expect(info.data).toMatchObject({ code: 'ACME001', chainCode: 'ACME' });
    expect(info.metadata.requestId).toBe(info.requestId);
    const { data: rooms } = await client.properties.rooms('ACME001');
    expect(rooms.rooms.length).toBeGreaterThanOrEqual(3);
    const { data: months } = await client.properties.lowestMonthlyRates('ACME001', { currency: 'USD' });
    expect(months).toMatchObject({ hotelCode: 'ACME001', currency: 'USD' });
    expect(months.lowestMonthlyRates.length).toBeGreaterThan(0);
  });

  it('client.availability.single', async () => {
    const result: AvailabilitySingleResult = await client.availability.single('ACME001', { ...STAY, adults: 2, currency: 'EUR', device: 'MOBILE' });
    expect(result.data).toMatchObject({ hotelCode: 'ACME001', ...STAY, adults: 2, currency: 'EUR' });
    expect(result.data.rates[0]?.status).toBe('AVL');
  });

  it('client.availability.calendar works without an API key and never sends one', async () => {
    const keyless = new HotelApiClient({ baseUrl: api.url, fetch: trustingFetch(api.dispatcher) });
    const calendar: PriceCalendarResult = await keyless.availability.calendar({ chainCode: 'ACME', from: '2026-12-01', to: '2026-12-31', currency: 'EUR', nights: 2 });
    expect(calendar.dates).toHaveLength(31);
    expect(calendar).toMatchObject({ chainCode: 'ACME', propertyCode: null, nights: 2, symbol: '€' });
    expect(calendar.requestId).toMatch(/\S/);

    const { fetch, exchanges } = recording(trustingFetch(api.dispatcher));
    await clientFor(api, { fetch }).availability.calendar({ chainCode: 'BLUE', from: '2026-12-01', to: '2026-12-02', currency: 'EUR' });
    expect(exchanges[0]?.headers.has('authorization')).toBe(false);
    await expect(keyless.availability.calendar({ chainCode: 'NOPE', from: '2026-12-01', to: '2026-12-02', currency: 'EUR' })).rejects.toBeInstanceOf(AuthenticationError);
    const invalid = await keyless.availability.calendar({ chainCode: 'ACME', from: '2026-12-01', to: '2026-12-02', currency: 'EUR', nights: 0 }).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(InvalidRequestError);
    expect((invalid as InvalidRequestError).message).toMatch(/^nights/);
  });

  it('client.parity.get and history', async () => {
    const parity: ParityResult = await client.parity.get('ACME001', { from: '2026-12-01', to: '2026-12-07', tolerance: 2, channel: 'OTA_01' });
    expect(parity.data.dates).toHaveLength(7);
    expect(parity.summary.channels.map((channel) => channel.channel)).toEqual(['OTA_01']);
    const { data: history } = await client.parity.history('ACME001', { ...STAY, since: '2026-11-15' });
    expect(history.observations).toHaveLength(7);
  });

  it('maps failures to the error classes, naming the parameter', async () => {
    const invalid = await client.parity.get('ACME001', { from: '2026-12-01', to: '2026-12-07', tolerance: 101 }).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(InvalidRequestError);
    expect((invalid as InvalidRequestError).param).toBe('tolerance');
    await expect(client.properties.get('NOPE999')).rejects.toBeInstanceOf(NotFoundError);
    await expect(clientFor(api, { apiKey: LIMITED_KEY }).properties.rooms('ACME002')).rejects.toBeInstanceOf(PermissionError);
  });

  it('aborts on request', async () => {
    const controller = new AbortController();
    controller.abort(new Error('user left the page'));
    await expect(client.properties.get('ACME001', { signal: controller.signal })).rejects.toThrow('user left the page');
  });
});
