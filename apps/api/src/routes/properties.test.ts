import {
  AvailabilitySingleResponse,
  LowestMonthlyRatesResponse,
  PropertyInfoResponse,
  PropertyRoomsResponse,
} from '@hotelapi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LIMITED_AUTH, SANDBOX_AUTH, startApi, type RunningApi } from '../test-support/start-api.js';

/** TEST_NOW is 2026-11-21: a stay three weeks ahead, inside every policy. */
const STAY = { checkIn: '2026-12-10', checkOut: '2026-12-13' };
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/**
 * Each REST route against its MCP tool, over the real server: the envelope's `data` and the tool's
 * `structuredContent.data` must be the same, for the same property, arguments and language.
 */
const PAIRS: readonly { name: string; path: string; tool: string; args: Record<string, unknown>; schema: z.ZodType }[] = [
  { name: 'property information', path: '/v1/properties/ACME005', tool: 'get_property_info', args: {}, schema: PropertyInfoResponse },
  { name: 'rooms', path: '/v1/properties/ACME005/rooms', tool: 'get_property_rooms', args: {}, schema: PropertyRoomsResponse },
  {
    name: 'lowest monthly rates',
    path: '/v1/properties/ACME005/lowest-monthly-rates',
    tool: 'get_property_lowest_monthly_rates',
    args: {},
    schema: LowestMonthlyRatesResponse,
  },
  {
    name: 'single-property availability',
    path: `/v1/availability/ACME005?checkIn=${STAY.checkIn}&checkOut=${STAY.checkOut}&adults=3&children=1&currency=USD&device=MOBILE`,
    tool: 'get_property_availability_single',
    args: { ...STAY, adults: 3, children: 1, currency: 'USD', device: 'MOBILE' },
    schema: AvailabilitySingleResponse,
  },
];

describe('REST for what MCP serves', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  const callTool = async (name: string, args: Record<string, unknown>, language: string) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: { hotelCode: 'ACME005', ...args } } });
    const response = await api.request('POST', '/mcp', { headers: { ...SANDBOX_AUTH, ...MCP_HEADERS, 'accept-language': language }, body });
    expect(response.status).toBe(200);
    expect(response.body.result.isError).toBe(false);
    return response.body.result.structuredContent.data;
  };

  describe.each(PAIRS)('$name', ({ path, tool, args, schema }) => {
    it.each(['en', 'es'])('carries the same data as %s MCP tool result', async (language) => {
      const rest = await api.get(path, { ...SANDBOX_AUTH, 'accept-language': language });
      expect(rest.status).toBe(200);
      const body = schema.parse(rest.body) as { data: unknown; error: unknown };
      expect(body.error).toBeNull();
      expect(body.data).toEqual(await callTool(tool, args, language));
    });

    it('keeps the grants: 403 for a property the limited key may not read, 404 for an unknown one', async () => {
      const forbidden = await api.get(path.replace('ACME005', 'ACME002'), LIMITED_AUTH);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.error).toMatchObject({ type: 'permission_error', code: 'property_forbidden', param: 'code' });
      const unknown = await api.get(path.replace('ACME005', 'NOPE999'), SANDBOX_AUTH);
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toMatchObject({ code: 'property_not_found', param: 'code' });
      expect((await api.get(path)).status).toBe(401);
    });
  });

  it('translates and says so', async () => {
    const fr = await api.get('/v1/properties/ACME001/rooms', { ...SANDBOX_AUTH, 'accept-language': 'fr' });
    const en = await api.get('/v1/properties/ACME001/rooms', SANDBOX_AUTH);
    expect(fr.headers['content-language']).toBe('fr');
    expect(fr.body.data.rooms[0].name).not.toBe(en.body.data.rooms[0].name);
  });

  it('converts lowest monthly rates into the requested currency', async () => {
    const own = await api.get('/v1/properties/ACME001/lowest-monthly-rates', SANDBOX_AUTH);
    const jpy = await api.get('/v1/properties/ACME001/lowest-monthly-rates?currency=jpy', SANDBOX_AUTH);
    expect(jpy.status).toBe(200);
    expect(jpy.body.data.currency).toBe('JPY');
    expect(jpy.body.data.lowestMonthlyRates.map((month: { day: string }) => month.day)).toEqual(
      own.body.data.lowestMonthlyRates.map((month: { day: string }) => month.day),
    );
    expect(jpy.body.data.lowestMonthlyRates.every((month: { rate: number }) => Number.isInteger(month.rate))).toBe(true);
  });

  describe('400 naming the parameter', () => {
    const stay = `checkIn=${STAY.checkIn}&checkOut=${STAY.checkOut}`;
    it.each([
      ['/v1/properties/ACME001/lowest-monthly-rates?currency=XYZ', 'currency'],
      ['/v1/properties/ACME001/lowest-monthly-rates?currency=EURO', 'currency'],
      [`/v1/availability/ACME001?${stay}&currency=EUR`, 'adults'],
      [`/v1/availability/ACME001?${stay}&adults=2`, 'currency'],
      [`/v1/availability/ACME001?${stay}&adults=0&currency=EUR`, 'adults'],
      [`/v1/availability/ACME001?${stay}&adults=2&currency=EUR&rooms=11`, 'rooms'],
      [`/v1/availability/ACME001?${stay}&adults=2&currency=EUR&device=TV`, 'device'],
      [`/v1/availability/ACME001?${stay}&adults=2&currency=EUR&remoteCountry=Portugal`, 'remoteCountry'],
      ['/v1/availability/ACME001?checkIn=2026-11-01&checkOut=2026-11-03&adults=2&currency=EUR', 'checkIn'],
      ['/v1/availability/ACME001?checkIn=2026-12-10&checkOut=2026-12-10&adults=2&currency=EUR', 'checkOut'],
      ['/v1/availability/ACME001?checkIn=2026-02-30&checkOut=2026-12-10&adults=2&currency=EUR', 'checkIn'],
    ])('%s → %s', async (path, param) => {
      const response = await api.get(path, SANDBOX_AUTH);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ data: null, error: { type: 'invalid_request_error', param } });
    });
  });

  it('leaves the keyless multi endpoint where it was', async () => {
    const multi = await api.get(`/v1/availability/multi?chainCode=BLUE&checkin=${STAY.checkIn}&checkout=${STAY.checkOut}&currency=EUR`);
    expect(multi.status).toBe(200);
    expect(multi.body.hotels.length).toBeGreaterThan(0);
  });
});
