import { createSandboxConnectors, type Connectors } from '@hotelapi/connectors';
import {
  GetPropertyAvailabilitySingleData,
  GetPropertyInfoData,
  GetPropertyLowestMonthlyRatesData,
  GetPropertyReviewsData,
  GetPropertyRoomsData,
  McpChainToolName,
  McpEventToolName,
  McpToolName,
  ShopPropertyRateData,
  mcpTools,
  type SupportedLanguage,
} from '@hotelapi/domain';
import { pickText, translator } from '@hotelapi/i18n';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { fetch as undiciFetch, type Dispatcher, type RequestInit as UndiciRequestInit } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LIMITED_AUTH, SANDBOX_AUTH, TEST_NOW, startApi, type RunningApi } from '../test-support/start-api.js';
import { HOTEL_TOOLS } from './tools/index.js';

/**
 * The tools (the contract's six and parity) through the MCP SDK's own client and Streamable HTTP transport, over real HTTPS,
 * as an agent uses them. The client validates every `structuredContent` against the tool's
 * declared output schema (which refuses unknown fields), and each test parses `data` with the
 * domain schema on top.
 */

/** The same deterministic sandbox the API serves, read directly for what a tool should answer. */
const reference = createSandboxConnectors({ now: () => TEST_NOW });

/** TEST_NOW is 2026-11-21: a stay three weeks ahead, inside every policy. */
const STAY = { checkIn: '2026-12-10', checkOut: '2026-12-13' };

/** One call to a connector port, as the recording proxy saw it. */
interface ConnectorCall {
  readonly port: string;
  readonly method: string;
  readonly args: readonly unknown[];
}

/** The sandbox with every port call recorded: to prove which calls a tool makes, and that a refused one makes none. */
function recordedSandbox(now: () => Date): { connectors: Connectors; calls: ConnectorCall[] } {
  const sandbox = createSandboxConnectors({ now });
  const calls: ConnectorCall[] = [];
  const record = <Port extends object>(port: string, adapter: Port): Port =>
    new Proxy(adapter, {
      get(target, method, receiver) {
        const member: unknown = Reflect.get(target, method, receiver);
        if (typeof member !== 'function') return member;
        return (...args: unknown[]) => {
          calls.push({ port, method: String(method), args });
          return member.apply(target, args);
        };
      },
    });
  return {
    calls,
    connectors: {
      catalog: record('catalog', sandbox.catalog),
      rateShopper: record('rateShopper', sandbox.rateShopper),
      reviews: record('reviews', sandbox.reviews),
      bookingEngine: record('bookingEngine', sandbox.bookingEngine),
      exchangeRates: record('exchangeRates', sandbox.exchangeRates),
      events: sandbox.events,
      parity: sandbox.parity,
    },
  };
}

/** An MCP client of `api`, over HTTPS trusting the test certificate, sending `headers` on every request. */
async function connectClient(api: RunningApi, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'hotel-api-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', api.url), {
    requestInit: { headers },
    fetch: fetchTrusting(api.dispatcher),
  });
  await client.connect(transport);
  // Listing the tools makes the client check every later result against its output schema.
  await client.listTools();
  return client;
}

/**
 * undici's own fetch, which takes a dispatcher (here, one trusting the test certificate). Its types
 * and the ones Node's global fetch has describe the same API but are distinct, hence the casts.
 */
function fetchTrusting(dispatcher: Dispatcher): FetchLike {
  return (url, init) => undiciFetch(url, { ...(init as UndiciRequestInit), dispatcher }) as unknown as Promise<Response>;
}

/** `structuredContent.data` of a successful call, parsed with the tool's domain schema. */
function dataOf<Schema extends z.ZodType>(result: CallToolResult, schema: Schema): z.output<Schema> {
  expect(result.isError, textOf(result)).toBe(false);
  return schema.parse((result.structuredContent as { data: unknown }).data);
}

function textOf(result: CallToolResult): string {
  const [first] = result.content;
  return first?.type === 'text' ? first.text : '';
}

describe('MCP tools over HTTPS through the SDK client', () => {
  let api: RunningApi;
  let calls: ConnectorCall[];
  let client: Client;
  let limitedClient: Client;
  let spanishClient: Client;
  const call = (name: McpToolName, args: Record<string, unknown>, through: () => Client = () => client) =>
    through().callTool({ name, arguments: args }) as Promise<CallToolResult>;

  beforeAll(async () => {
    const recorded = recordedSandbox(() => TEST_NOW);
    calls = recorded.calls;
    api = await startApi({ connectors: recorded.connectors });
    client = await connectClient(api, SANDBOX_AUTH);
    limitedClient = await connectClient(api, LIMITED_AUTH);
    spanishClient = await connectClient(api, { ...SANDBOX_AUTH, 'accept-language': 'es-ES,es;q=0.9' });
  });
  afterAll(async () => {
    await Promise.all([client.close(), limitedClient.close(), spanishClient.close()]);
    await api.close();
  });
  beforeEach(() => {
    calls.length = 0;
  });

  describe('tools/list', () => {
    it('lists the six tools of the contract, then the parity tool and the chain tools', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([...McpToolName.options, ...McpChainToolName.options, ...McpEventToolName.options]);
    });

    it('gives each a description, input and output schemas as JSON Schema objects, and read-only annotations', async () => {
      const { tools } = await client.listTools();
      for (const tool of tools) {
        const subject = McpChainToolName.safeParse(tool.name).success ? 'chainCode' : 'hotelCode';
        expect(tool.description?.length, tool.name).toBeGreaterThan(80);
        // An event tool takes a property or a chain: neither is required alone.
        if (!McpEventToolName.safeParse(tool.name).success) expect(tool.inputSchema).toMatchObject({ type: 'object', required: expect.arrayContaining([subject]) });
        expect(tool.inputSchema.properties?.[subject]).toMatchObject({ type: 'string' });
        expect(tool.outputSchema).toMatchObject({ type: 'object', required: ['data'], properties: { data: expect.any(Object) } });
        expect(tool.annotations).toEqual({
          title: tool.title,
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        });
      }
    });

    it('shows the contract’s defaults in the argument schemas (reviews verbose by default)', async () => {
      const { tools } = await client.listTools();
      const reviews = tools.find((tool) => tool.name === 'get_property_reviews');
      expect(reviews?.inputSchema.properties).toMatchObject({
        page: { default: 1 },
        limit: { default: 10, maximum: 100 },
        sort: { default: 'dateReviewed' },
        asc: { default: false },
        verbose: { default: true },
      });
      const availability = tools.find((tool) => tool.name === 'get_property_availability_single');
      expect(availability?.inputSchema.required).toEqual(expect.arrayContaining(['hotelCode', 'checkIn', 'checkOut', 'adults', 'currency']));
    });

    it('binds every tool to its own entry of the domain’s tool table', () => {
      for (const name of McpToolName.options) expect(HOTEL_TOOLS[name].definition, name).toBe(mcpTools[name]);
    });
  });

  describe('get_property_info', () => {
    it('answers code, name, bookurl and what else the catalog knows, with a summary', async () => {
      const result = await call('get_property_info', { hotelCode: 'ACME001' });
      const data = dataOf(result, GetPropertyInfoData);
      const property = await reference.catalog.getProperty('ACME001');
      expect(data).toMatchObject({
        code: 'ACME001',
        bookurl: property?.bookingUrl,
        chainCode: 'ACME',
        currency: property?.currency,
        timeZone: property?.timeZone,
        country: property?.countryCode,
        rating: property?.rating,
      });
      expect(data.name).toBe(property?.name.en);
      expect(textOf(result)).toBe(`${data.name} (ACME001). Book at ${data.bookurl}`);
    });
  });

  describe('get_property_rooms', () => {
    it('answers code, name and active for every room of the catalog', async () => {
      const data = dataOf(await call('get_property_rooms', { hotelCode: 'ACME001' }), GetPropertyRoomsData);
      const property = await reference.catalog.getProperty('ACME001');
      expect(data.rooms.map(({ code, active }) => ({ code, active }))).toEqual(property?.rooms.map(({ code, active }) => ({ code, active })));
      for (const room of data.rooms) expect(room.name).not.toBe('');
    });

    it('answers in the caller’s language, summary included', async () => {
      const english = await call('get_property_rooms', { hotelCode: 'ACME001' });
      const spanish = await call('get_property_rooms', { hotelCode: 'ACME001' }, () => spanishClient);
      const rooms = dataOf(spanish, GetPropertyRoomsData).rooms;
      expect(rooms.map((room) => room.name)).not.toEqual(dataOf(english, GetPropertyRoomsData).rooms.map((room) => room.name));
      expect(textOf(spanish)).toMatch(/tipos de habitación/);
      expect(textOf(english)).toMatch(/room types/);
    });
  });

  describe('get_property_reviews', () => {
    it('defaults to a verbose first page of 10, newest first, with ids and page totals', async () => {
      const result = await call('get_property_reviews', { hotelCode: 'ACME001' });
      const data = dataOf(result, GetPropertyReviewsData);
      expect(data.userReviews).toHaveLength(10);
      expect(data.userReviews.map((review) => review.id).every(Number.isInteger)).toBe(true);
      const dates = data.userReviews.map((review) => review.dateReviewed);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(data.totalPages).toBe(Math.ceil(data.totalFound / 10));
      expect(data.channels?.length).toBeGreaterThan(0);
      expect(data).toHaveProperty('facilities');
      expect(data.tripTypes).toHaveProperty('all');
      expect(textOf(result)).toMatch(/out of 10 .* Showing page 1 of/);
    });

    it('is the REST reviews endpoint’s answer: same filters, sorting and paging', async () => {
      const args = { hotelCode: 'ACME001', category: 'COUPLE', season: 'SUMMER', sort: 'score', asc: true, limit: 7, page: 2 } as const;
      const data = dataOf(await call('get_property_reviews', args), GetPropertyReviewsData);
      const rest = await api.get(
        '/v1/reviews/ACME001?category=COUPLE&season=SUMMER&sort=score&asc=true&limit=7&page=2&verbose=true',
        SANDBOX_AUTH,
      );
      expect(rest.status).toBe(200);
      expect(data).toEqual({
        score: rest.body.data.score,
        reviews: rest.body.data.reviews,
        userReviews: rest.body.data.userReviews,
        channels: rest.body.data.channels,
        facilities: rest.body.data.facilities,
        tripTypes: rest.body.data.tripTypes,
        totalFound: rest.body.metadata.totalFound,
        totalPages: rest.body.metadata.totalPages,
      });
    });

    it('leaves the verbose parts out when verbose is false, and filters by review language', async () => {
      const data = dataOf(
        await call('get_property_reviews', { hotelCode: 'ACME001', verbose: false, reviewerLanguages: ['de'] }),
        GetPropertyReviewsData,
      );
      expect(Object.keys(data).sort()).toEqual(['reviews', 'score', 'totalFound', 'totalPages', 'userReviews']);
      expect(data.userReviews.length).toBeGreaterThan(0);
      expect(data.userReviews.every((review) => review.language === 'de')).toBe(true);
    });

    it('answers a property without reviews with a null score and says so', async () => {
      const result = await call('get_property_reviews', { hotelCode: 'ACME013' });
      const data = dataOf(result, GetPropertyReviewsData);
      expect(data).toMatchObject({ score: null, reviews: 0, userReviews: [], totalFound: 0, totalPages: 0 });
      expect(textOf(result)).toMatch(/no reviews yet/);
    });
  });

  describe('get_property_lowest_monthly_rates', () => {
    it('answers the next 12 months from this one, in calendar order and the property’s currency', async () => {
      const result = await call('get_property_lowest_monthly_rates', { hotelCode: 'ACME007' });
      const data = dataOf(result, GetPropertyLowestMonthlyRatesData);
      expect(data).toMatchObject({ hotelCode: 'ACME007', currency: 'JPY' });
      const months = data.lowestMonthlyRates.map(({ year, month }) => `${year}-${String(month).padStart(2, '0')}`);
      expect(months[0]).toBe('2026-11');
      expect(months.length).toBeLessThanOrEqual(12);
      expect(months).toEqual([...months].sort());
      for (const entry of data.lowestMonthlyRates) {
        expect(entry.day.startsWith(`${entry.year}-${String(entry.month).padStart(2, '0')}-`)).toBe(true);
        expect(entry.day >= '2026-11-21').toBe(true);
        expect(Number.isInteger(entry.rate)).toBe(true); // yen have no minor unit
      }
      expect(calls.filter((c) => c.method === 'getLowestMonthlyRates').map((c) => c.args)).toEqual([['ACME007', '2026-11-21', 12]]);
      expect(textOf(result)).toMatch(/next 12 months start at/);
    });

    it('starts from today in the property’s time zone, where the next month may have begun', async () => {
      // 20:00 UTC on 30 November is already 1 December in Tokyo, still November in Lisbon.
      const lateInNovember = await startApi({ now: () => new Date('2026-11-30T20:00:00Z') });
      const lateClient = await connectClient(lateInNovember, SANDBOX_AUTH);
      try {
        const tokyo = dataOf(await call('get_property_lowest_monthly_rates', { hotelCode: 'ACME007' }, () => lateClient), GetPropertyLowestMonthlyRatesData);
        const lisbon = dataOf(await call('get_property_lowest_monthly_rates', { hotelCode: 'ACME001' }, () => lateClient), GetPropertyLowestMonthlyRatesData);
        expect(tokyo.lowestMonthlyRates[0]).toMatchObject({ year: 2026, month: 12 });
        expect(lisbon.lowestMonthlyRates[0]).toMatchObject({ year: 2026, month: 11, day: '2026-11-30' });
      } finally {
        await lateClient.close();
        await lateInNovember.close();
      }
    });
  });

  describe('shop_property_rate', () => {
    it('is the REST shopper’s answer (EUR by default) cut down to the tool’s rate fields', async () => {
      const result = await call('shop_property_rate', { hotelCode: 'ACME003', ...STAY });
      const data = dataOf(result, ShopPropertyRateData);
      const rest = await api.get(`/v1/shopper/ACME003?checkIn=${STAY.checkIn}&checkOut=${STAY.checkOut}`, SANDBOX_AUTH);
      expect(data).toEqual({
        currency: 'EUR',
        rates: rest.body.data.rates.map(({ price, roomId, rateId, roomName, lowestRate }: ShopPropertyRateData['rates'][number]) => ({
          price,
          roomId,
          rateId,
          roomName,
          lowestRate,
        })),
      });
      expect(data.rates).toHaveLength(1);
      expect(textOf(result)).toContain(data.rates[0]?.roomName);
    });

    it('shops one rate with every room of it, and takes the party', async () => {
      const cheapest = dataOf(await call('shop_property_rate', { hotelCode: 'ACME001', ...STAY }), ShopPropertyRateData).rates[0];
      const sameRate = dataOf(
        await call('shop_property_rate', { hotelCode: 'ACME001', ...STAY, rateId: cheapest?.rateId }),
        ShopPropertyRateData,
      );
      expect(sameRate.rates.every((rate) => rate.rateId === cheapest?.rateId)).toBe(true);
      const bigger = dataOf(await call('shop_property_rate', { hotelCode: 'ACME001', ...STAY, adults: 3, children: 1 }), ShopPropertyRateData);
      expect(bigger.rates[0]?.price).toBeGreaterThan(cheapest?.price ?? Infinity);
      expect(calls.filter((c) => c.method === 'shop').at(-1)?.args[1]).toMatchObject({ adults: 3, children: 1 });
    });
  });

  describe('get_property_availability_single', () => {
    const ask = { hotelCode: 'ACME001', ...STAY, adults: 2, currency: 'EUR' };

    it('answers every room and rate with translated texts, pricing, inventory and a booking URL', async () => {
      const result = await call('get_property_availability_single', ask);
      const data = dataOf(result, GetPropertyAvailabilitySingleData);
      expect(data).toMatchObject({ hotelCode: 'ACME001', ...STAY, adults: 2, currency: 'EUR' });
      const property = await reference.catalog.getProperty('ACME001');
      const offered = (property?.rooms.filter((room) => room.active).length ?? 0) * (property?.ratePlans.length ?? 0);
      expect(data.rates.length).toBe(offered);
      const t = translator('en');
      for (const rate of data.rates) {
        expect(rate.id).toBe(`${rate.room}:${rate.rate}`);
        expect(rate.statusDesc).toBe(t.t(`status.${rate.status}`));
        expect(rate.roomDesc).not.toBe('');
        expect(rate.rateDesc).not.toBe('');
        expect(rate.boardDesc).not.toBe('');
        expect(rate.pricing.memberPrice).toBeLessThanOrEqual(rate.pricing.price);
        const url = new URL(rate.bookingUrl);
        expect(url.href.startsWith(property?.bookingUrl ?? '-')).toBe(true);
        expect(Object.fromEntries(url.searchParams)).toEqual({
          ...STAY,
          adults: '2',
          children: '0',
          infants: '0',
          rooms: '1',
          room: rate.room,
          rate: rate.rate,
          currency: 'EUR',
          device: 'DESKTOP',
          lang: 'en',
        });
      }
      // Bookable first, then cheapest.
      const order = data.rates.map((rate) => [rate.status === 'AVL' ? 0 : 1, rate.pricing.price] as const);
      expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
      const available = data.rates.filter((rate) => rate.status === 'AVL').length;
      expect(textOf(result)).toContain(`${available} of ${data.rates.length}`);
    });

    it('passes the party, device and guest country to the booking engine, and into the booking URL', async () => {
      const args = { ...ask, adults: 1, children: 2, infants: 1, rooms: 2, device: 'MOBILE', remoteCountry: 'br' };
      const data = dataOf(await call('get_property_availability_single', args), GetPropertyAvailabilitySingleData);
      const [asked] = calls.filter((c) => c.method === 'getAvailability');
      expect(asked?.args).toEqual(['ACME001', { ...STAY, adults: 1, children: 2, infants: 1, rooms: 2, device: 'MOBILE', remoteCountry: 'BR' }]);
      expect(new URL(data.rates[0]?.bookingUrl ?? '').searchParams.toString()).toMatch(/adults=1&children=2&infants=1&rooms=2&.*device=MOBILE/);
    });

    it('converts prices into the requested currency, rounded to its minor units', async () => {
      const eur = dataOf(await call('get_property_availability_single', ask), GetPropertyAvailabilitySingleData);
      const jpy = dataOf(await call('get_property_availability_single', { ...ask, currency: 'jpy' }), GetPropertyAvailabilitySingleData);
      expect(jpy.currency).toBe('JPY');
      expect(jpy.rates.map((rate) => rate.id)).toEqual(eur.rates.map((rate) => rate.id));
      for (const [index, rate] of jpy.rates.entries()) {
        expect(Number.isInteger(rate.pricing.price)).toBe(true);
        expect(rate.pricing.price).toBeGreaterThan((eur.rates[index]?.pricing.price ?? 0) * 50);
      }
    });

    it.each<[string, Record<string, string>, string | undefined, SupportedLanguage]>([
      ['lang wins over Accept-Language', { 'accept-language': 'en' }, 'es', 'es'],
      ['a regional lang falls back to its language', {}, 'pt-BR', 'pt'],
      ['a lang we do not translate into leaves Accept-Language in charge', { 'accept-language': 'fr' }, 'nl', 'fr'],
      ['Accept-Language decides without lang', { 'accept-language': 'de-CH, en;q=0.5' }, undefined, 'de'],
    ])('writes the texts in the right language: %s', async (_case, headers, lang, expected) => {
      const localClient = await connectClient(api, { ...SANDBOX_AUTH, ...headers });
      try {
        const result = await call('get_property_availability_single', { ...ask, ...(lang && { lang }) }, () => localClient);
        const data = dataOf(result, GetPropertyAvailabilitySingleData);
        const t = translator(expected);
        for (const rate of data.rates) expect(rate.statusDesc).toBe(t.t(`status.${rate.status}`));
        expect(textOf(result)).toBe(
          t.t('mcp.availabilitySingle', {
            available: data.rates.filter((rate) => rate.status === 'AVL').length,
            total: data.rates.length,
            name: pickText((await reference.catalog.getProperty('ACME001'))?.name, expected),
            checkIn: t.date(STAY.checkIn),
            checkOut: t.date(STAY.checkOut),
          }),
        );
        expect(new URL(data.rates[0]?.bookingUrl ?? '').searchParams.get('lang')).toBe(lang ?? expected);
      } finally {
        await localClient.close();
      }
    });

    it('reports why a rate cannot be booked: a one-night New Year stay misses the minimum stay', async () => {
      const newYear = { ...ask, checkIn: '2026-12-31', checkOut: '2027-01-01' };
      const data = dataOf(await call('get_property_availability_single', newYear), GetPropertyAvailabilitySingleData);
      const minStay = data.rates.filter((rate) => rate.status === 'MINSTAY');
      expect(minStay.length).toBeGreaterThan(0);
      for (const rate of minStay) {
        expect(rate.minStay).toBeGreaterThan(1);
        expect(rate.statusDesc).toBe(translator('en').t('status.MINSTAY'));
      }
    });

    it('lets the guest’s time zone decide what today is', async () => {
      // At TEST_NOW (10:00 UTC on 21 November) it is already 22 November in Kiritimati.
      const today = { ...ask, checkIn: '2026-11-21', checkOut: '2026-11-23' };
      expect((await call('get_property_availability_single', today)).isError).toBe(false);
      const inKiritimati = await call('get_property_availability_single', { ...today, timezone: 'Pacific/Kiritimati' });
      expect(inKiritimati.isError).toBe(true);
      expect(textOf(inKiritimati)).toMatch(/checkIn 2026-11-21 is before today \(2026-11-22\)/);
    });

    it('refuses an unknown currency before asking the booking engine', async () => {
      const result = await call('get_property_availability_single', { ...ask, currency: 'XYZ' });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/XYZ is not an ISO 4217 currency code/);
      expect(calls.some((c) => c.port === 'bookingEngine')).toBe(false);
    });
  });

  describe('access', () => {
    it.each(McpToolName.options)('%s: a property the key may not read is an error naming it, and no connector is called', async (name) => {
      const args = { hotelCode: 'ACME002', ...STAY, adults: 2, currency: 'EUR', from: STAY.checkIn, to: STAY.checkOut };
      const result = await call(name, args, () => limitedClient);
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      expect(textOf(result)).toBe('This API key may not read property ACME002.');
      expect(calls).toEqual([]);
    });

    it('serves the limited key the properties it may read: ACME001 and the BLUE chain', async () => {
      for (const hotelCode of ['ACME001', 'BLUE002']) {
        const data = dataOf(await call('get_property_info', { hotelCode }, () => limitedClient), GetPropertyInfoData);
        expect(data.code).toBe(hotelCode);
      }
    });

    it('tells a key that reads everything that a property does not exist', async () => {
      const result = await call('get_property_rooms', { hotelCode: 'NOPE999' });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe('There is no property NOPE999.');
    });

    it('tells a limited key only that it may not read an unknown code, so codes cannot be probed', async () => {
      const result = await call('get_property_rooms', { hotelCode: 'NOPE999' }, () => limitedClient);
      expect(textOf(result)).toBe('This API key may not read property NOPE999.');
      expect(calls).toEqual([]);
    });
  });

  describe('bad arguments', () => {
    it.each([
      ['a missing hotelCode', 'get_property_info', {}, 'hotelCode is required'],
      ['hotelCode as an object', 'get_property_info', { hotelCode: { value: 'ACME001' } }, 'hotelCode: Invalid input: expected string, received object'],
      ['limit as a string', 'get_property_reviews', { hotelCode: 'ACME001', limit: '10' }, 'limit: Invalid input: expected number, received string'],
      ['limit over 100', 'get_property_reviews', { hotelCode: 'ACME001', limit: 101 }, 'limit: must be at most 100'],
      ['verbose as a string', 'get_property_reviews', { hotelCode: 'ACME001', verbose: 'true' }, 'verbose: Invalid input: expected boolean'],
      ['an impossible date', 'shop_property_rate', { hotelCode: 'ACME001', checkIn: '2026-02-30', checkOut: '2026-03-02' }, 'checkIn: must be a calendar date yyyy-MM-dd'],
      ['check-out before check-in', 'shop_property_rate', { hotelCode: 'ACME001', checkIn: '2026-12-13', checkOut: '2026-12-10' }, 'checkOut: must be after checkIn'],
      ['a missing currency', 'get_property_availability_single', { hotelCode: 'ACME001', ...STAY, adults: 2 }, 'currency is required'],
      ['an unknown channel', 'shop_property_rate', { hotelCode: 'ACME001', ...STAY, channel: 'EXPEDIA' }, 'channel: Invalid option'],
      ['an unknown time zone', 'get_property_availability_single', { hotelCode: 'ACME001', ...STAY, adults: 2, currency: 'EUR', timezone: 'Mars/Olympus' }, 'timezone: must be an IANA time zone name'],
    ] as const)('answers %s with an error naming the argument, before any connector', async (_case, name, args, message) => {
      const result = await call(name, args);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain(`Invalid arguments for ${name}: ${message}`);
      expect(calls).toEqual([]);
    });

    it('answers a stay the policy refuses with an error saying why', async () => {
      const result = await call('shop_property_rate', { hotelCode: 'ACME001', checkIn: '2026-11-01', checkOut: '2026-11-03' });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/checkIn 2026-11-01 is before today \(2026-11-21\)/);
    });
  });

  it('answers 50 concurrent calls of every tool, each with its own property’s data', async () => {
    const codes = Array.from({ length: 50 }, (_, index) => `ACME${String((index % 40) + 1).padStart(3, '0')}`);
    const tools = McpToolName.options;
    const argsFor = (index: number) => ({ hotelCode: codes[index], ...STAY, adults: 2, currency: 'EUR', limit: 3, from: STAY.checkIn, to: STAY.checkOut });
    const sequential: CallToolResult[] = [];
    for (const [index] of codes.entries()) sequential.push(await call(tools[index % tools.length] ?? 'get_property_info', argsFor(index)));

    const concurrent = await Promise.all(codes.map((_, index) => call(tools[index % tools.length] ?? 'get_property_info', argsFor(index))));

    expect(concurrent).toHaveLength(50);
    for (const [index, result] of concurrent.entries()) {
      expect(result.isError, textOf(result)).toBe(false);
      expect(result).toEqual(sequential[index]);
    }
    const infos = concurrent.filter((_, index) => tools[index % tools.length] === 'get_property_info');
    expect(infos.map((result) => dataOf(result, GetPropertyInfoData).code)).toEqual(
      codes.filter((_, index) => tools[index % tools.length] === 'get_property_info'),
    );
  });
});
