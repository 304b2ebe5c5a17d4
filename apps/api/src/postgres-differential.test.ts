/**
 * The differential test: the sandbox exported, loaded into a real PostgreSQL and served with
 * CONNECTOR=postgres answers every request byte for byte as the sandbox does (request ids aside:
 * both are sent the same one). Covers every REST endpoint and MCP tool across filters, sorts,
 * facets, languages, currencies, occupancies and errors, for stays the export covers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnectors, createSandboxConnectors, exportSandbox, type Connectors } from '@hotelapi/connectors';
import { createDatabase, dataFilesAt, HOTEL_DATA_MIGRATION_SET, loadDataFile, migrateToLatest } from '@hotelapi/connectors/postgres';
import { createTestDatabase, describeWithDatabase, type TestDatabase } from '@hotelapi/connectors/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApi, TEST_NOW, type RunningApi, type TestResponse } from './test-support/start-api.js';

const now = () => TEST_NOW;
const ENV = { SANDBOX_KEYS: 'true', RATE_LIMIT_MAX: '1000000', AVAILABILITY_RATE_LIMIT_MAX: '1000000' };
const KEY = { authorization: 'Bearer sk_test_sandbox' };
const LIMITED = { authorization: 'Bearer sk_test_sandbox_limited' };

/** `yyyy-MM-dd`, `days` after TEST_NOW's date. */
const day = (days: number): string => new Date(TEST_NOW.getTime() + days * 86_400_000).toISOString().slice(0, 10);

interface Probe {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
}

const get = (path: string, headers: Record<string, string> = KEY): Probe => ({ method: 'GET', path, headers });
const tool = (name: string, args: Record<string, unknown>, headers: Record<string, string> = {}): Probe => ({
  method: 'POST',
  path: '/mcp',
  headers: { ...KEY, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
  body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
});

const PROPERTIES = ['ACME001', 'ACME002', 'ACME005', 'ACME007', 'ACME013', 'ACME017', 'ACME019', 'ACME024', 'ACME027', 'ACME031', 'ACME036', 'BLUE001', 'BLUE002', 'BLUE003'];
const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt-BR', 'nl'];

function shopperProbes(): Probe[] {
  const probes: Probe[] = [];
  for (const [index, code] of PROPERTIES.entries()) {
    for (const [arrival, nights] of [[0, 1], [1, 2], [3, 3], [6, 1], [2, 3]]) {
      const stay = `checkIn=${day(arrival)}&checkOut=${day(arrival + nights)}`;
      const language = LANGUAGES[(index + arrival) % LANGUAGES.length];
      probes.push(get(`/v1/shopper/${code}?${stay}`, { ...KEY, 'accept-language': language }));
      probes.push(get(`/v1/shopper/${code}?${stay}&currency=${['USD', 'JPY', 'GBP', 'BHD'][index % 4]}`));
      probes.push(get(`/v1/shopper/${code}?${stay}&adults=1`));
    }
    const stay = `checkIn=${day(4)}&checkOut=${day(6)}`;
    probes.push(get(`/v1/shopper/${code}?${stay}&rateId=FLEX`));
    probes.push(get(`/v1/shopper/${code}?${stay}&rateId=NREF&channel=OTA_01`));
    probes.push(get(`/v1/shopper/${code}?${stay}&channel=CRS_02&currency=usd`));
  }
  probes.push(
    get(`/v1/shopper/ACME001?checkIn=${day(-2)}&checkOut=${day(1)}`),
    get(`/v1/shopper/ACME001?checkIn=${day(3)}&checkOut=${day(2)}`),
    get(`/v1/shopper/ACME001?checkIn=2026-02-30&checkOut=${day(2)}`),
    get(`/v1/shopper/ACME001?checkIn=${day(1)}&checkOut=${day(2)}&currency=XXX`),
    get(`/v1/shopper/ACME001?checkIn=${day(1)}&checkOut=${day(2)}&rateId=NOPE`),
    get(`/v1/shopper/ACME999?checkIn=${day(1)}&checkOut=${day(2)}`),
    get(`/v1/shopper/ACME002?checkIn=${day(1)}&checkOut=${day(2)}`, LIMITED),
    get(`/v1/shopper/BLUE001?checkIn=${day(1)}&checkOut=${day(2)}`, LIMITED),
    get(`/v1/shopper/ACME001?checkIn=${day(1)}&checkOut=${day(2)}`, {}),
  );
  return probes;
}

function reviewProbes(): Probe[] {
  const probes: Probe[] = [];
  const queries = [
    '',
    'verbose=true',
    'verbose=true&limit=3&page=2',
    'sort=score&asc=true&limit=20',
    'sort=mostRelevant&limit=15',
    'category=FAMILY&score=SUPERB',
    'score=GOOD&season=SUMMER&sort=dateReviewed&asc=true',
    'season=WINTER&reviewerLanguages=en,pt&limit=50',
    'country=PT&verbose=true',
    'category=SOLO&score=VERYPOOR',
    'limit=100&page=3',
    'page=9999',
  ];
  for (const [index, code] of PROPERTIES.entries()) {
    for (const [position, query] of queries.entries()) {
      probes.push(get(`/v1/reviews/${code}?${query}`, { ...KEY, 'accept-language': LANGUAGES[(index + position) % LANGUAGES.length] }));
    }
  }
  probes.push(get('/v1/reviews/ACME001?limit=101'), get('/v1/reviews/ACME001?score=GREAT'), get('/v1/reviews/NOPE001'), get('/v1/reviews/ACME003', LIMITED));
  return probes;
}

function availabilityProbes(): Probe[] {
  const probes: Probe[] = [];
  const stays = [[0, 1], [1, 3], [5, 2], [30, 7], [90, 2], [200, 5], [360, 3]];
  const variants = [
    'currency=EUR',
    'currency=USD&sortBy=PRICE&sortOrder=DESC',
    'currency=JPY&sortBy=NAME&lang=es',
    'currency=GBP&sortBy=POPULARITY',
    'currency=EUR&sortBy=DISTANCE&destination=Lisbon',
    'currency=EUR&sortBy=DISTANCE',
    'currency=EUR&rating=4&rating=5&boards=3&boards=14',
    'currency=BRL&minPrice=100&maxPrice=600&adults=1',
    'currency=EUR&adults=3&children=1&infants=1',
    'currency=EUR&adults=4&rooms=2',
    'currency=EUR&propertyName=riverside&lang=pt',
    'currency=EUR&destination=tokyo&lang=de',
  ];
  for (const chain of ['ACME', 'BLUE']) {
    for (const [index, [arrival, nights]] of stays.entries()) {
      for (const [position, variant] of variants.entries()) {
        if ((index + position) % 2 === 1 && chain === 'ACME') continue;
        probes.push(get(`/v1/availability/multi?chainCode=${chain}&checkin=${day(arrival)}&checkout=${day(arrival + nights)}&${variant}`, {}));
      }
    }
  }
  probes.push(
    get(`/v1/availability/multi?chainCode=NOPE&checkin=${day(1)}&checkout=${day(2)}&currency=EUR`, {}),
    get(`/v1/availability/multi?chainCode=ACME&checkin=${day(1)}&currency=EUR`, {}),
    get(`/v1/availability/multi?chainCode=ACME&checkin=${day(-3)}&checkout=${day(2)}&currency=EUR`, {}),
    get(`/v1/availability/multi?chainCode=ACME&checkin=${day(1)}&checkout=${day(2)}&currency=ZZZ`, {}),
    get(`/v1/availability/multi?chainCode=BLUE&checkin=${day(1)}&checkout=${day(2)}&currency=EUR`, { 'accept-language': 'fr', origin: 'https://www.blue-hotels.example' }),
  );
  return probes;
}

function propertyProbes(): Probe[] {
  const probes: Probe[] = [];
  for (const [index, code] of PROPERTIES.entries()) {
    const language = { ...KEY, 'accept-language': LANGUAGES[index % LANGUAGES.length] };
    probes.push(
      get(`/v1/properties/${code}`, language),
      get(`/v1/properties/${code}/rooms`, language),
      get(`/v1/properties/${code}/lowest-monthly-rates`),
      get(`/v1/properties/${code}/lowest-monthly-rates?currency=${['USD', 'JPY', 'GBP', 'EUR'][index % 4]}`),
      get(`/v1/availability/${code}?checkIn=${day(10)}&checkOut=${day(13)}&adults=2&currency=EUR`, language),
      get(`/v1/availability/${code}?checkIn=${day(45)}&checkOut=${day(46)}&adults=3&children=1&rooms=2&currency=USD`),
      get(`/v1/availability/${code}?checkIn=${day(200)}&checkOut=${day(207)}&adults=1&currency=JPY&device=MOBILE`),
    );
  }
  probes.push(
    get('/v1/properties/NOPE001'),
    get('/v1/properties/ACME002/rooms', LIMITED),
    get('/v1/properties/ACME001/lowest-monthly-rates?currency=XXX'),
    get(`/v1/availability/ACME001?checkIn=${day(3)}&checkOut=${day(2)}&adults=2&currency=EUR`),
    get(`/v1/availability/ACME001?checkIn=${day(-2)}&checkOut=${day(1)}&adults=2&currency=EUR`),
    get(`/v1/availability/NOPE001?checkIn=${day(1)}&checkOut=${day(2)}&adults=2&currency=EUR`),
  );
  return probes;
}

function calendarProbes(): Probe[] {
  const probes: Probe[] = [];
  const ranges = [
    [0, 30, 'nights=1'],
    [0, 90, 'nights=2&adults=1'],
    [25, 60, 'nights=3&adults=2&children=2'],
    [150, 220, 'nights=7&adults=3'],
    [300, 360, 'nights=2'],
  ] as const;
  for (const chain of ['ACME', 'BLUE']) {
    for (const [position, [first, last, stay]] of ranges.entries()) {
      const currency = ['EUR', 'USD', 'JPY', 'GBP', 'BHD'][position];
      probes.push(get(`/v1/availability/calendar?chainCode=${chain}&from=${day(first)}&to=${day(last)}&currency=${currency}&${stay}`, {}));
    }
  }
  for (const code of PROPERTIES) {
    probes.push(get(`/v1/availability/calendar?chainCode=${code.slice(0, 4)}&propertyCode=${code}&from=${day(0)}&to=${day(365)}&currency=EUR&nights=2`, {}));
  }
  probes.push(
    get(`/v1/availability/calendar?chainCode=ACME&from=${day(-3)}&to=${day(2)}&currency=EUR`, {}),
    get(`/v1/availability/calendar?chainCode=ACME&from=${day(5)}&to=${day(2)}&currency=EUR`, {}),
    get(`/v1/availability/calendar?chainCode=ACME&from=${day(0)}&to=${day(400)}&currency=EUR`, {}),
    get(`/v1/availability/calendar?chainCode=NOPE&from=${day(0)}&to=${day(2)}&currency=EUR`, {}),
    get(`/v1/availability/calendar?chainCode=ACME&propertyCode=BLUE001&from=${day(0)}&to=${day(2)}&currency=EUR`, {}),
  );
  return probes;
}

/**
 * Parity for the arrivals and occupancies the export collected (today to 7 days ahead, 1 to 3
 * nights, one or two adults). Parity history is compared on its refusals only: the sandbox
 * derives 30 daily collections from today's prices, while PostgreSQL answers with the
 * collections actually loaded (the export writes the latest one), so their observations differ.
 */
function parityProbes(): Probe[] {
  const probes: Probe[] = [];
  for (const [index, code] of PROPERTIES.entries()) {
    const nights = 1 + (index % 3);
    probes.push(
      get(`/v1/parity/${code}?from=${day(0)}&to=${day(7 - nights)}&nights=${nights}`),
      get(`/v1/parity/${code}?from=${day(1)}&to=${day(4)}&nights=2&adults=1&currency=USD&tolerance=0.5`),
      get(`/v1/parity/${code}?from=${day(2)}&to=${day(3)}&channel=OTA_01&tolerance=5`),
      tool('get_property_parity', { hotelCode: code, from: day(0), to: day(3), nights: 1 }),
    );
  }
  probes.push(
    get(`/v1/parity/ACME001?from=${day(-1)}&to=${day(2)}`),
    get(`/v1/parity/ACME001?from=${day(3)}&to=${day(2)}`),
    get(`/v1/parity/ACME001?from=${day(0)}&to=${day(120)}`),
    get(`/v1/parity/ACME001?from=${day(0)}&to=${day(2)}&currency=XXX`),
    get(`/v1/parity/NOPE001?from=${day(0)}&to=${day(2)}`),
    get(`/v1/parity/ACME002?from=${day(0)}&to=${day(2)}`, LIMITED),
    get(`/v1/parity/ACME001?from=${day(0)}&to=${day(2)}`, {}),
    get(`/v1/parity/ACME001/history?checkIn=${day(3)}&checkOut=${day(2)}`),
    get(`/v1/parity/ACME001/history?checkIn=${day(1)}&checkOut=${day(2)}&since=yesterday`),
    get(`/v1/parity/NOPE001/history?checkIn=${day(1)}&checkOut=${day(2)}`),
    get(`/v1/parity/ACME002/history?checkIn=${day(1)}&checkOut=${day(2)}`, LIMITED),
  );
  return probes;
}

function mcpProbes(): Probe[] {
  const probes: Probe[] = [{ method: 'POST', path: '/mcp', headers: tool('x', {}).headers, body: { jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} } }];
  for (const [index, hotelCode] of PROPERTIES.entries()) {
    const language = { 'accept-language': LANGUAGES[index % LANGUAGES.length] };
    probes.push(
      tool('get_property_info', { hotelCode }, language),
      tool('get_property_rooms', { hotelCode }, language),
      tool('get_property_reviews', { hotelCode }, language),
      tool('get_property_reviews', { hotelCode, page: 2, limit: 5, sort: 'score', asc: true, verbose: false, season: 'AUTUMN' }),
      tool('get_property_lowest_monthly_rates', { hotelCode }, language),
      tool('shop_property_rate', { hotelCode, checkIn: day(2), checkOut: day(4) }, language),
      tool('shop_property_rate', { hotelCode, checkIn: day(5), checkOut: day(6), adults: 1, rateId: 'FLEX', channel: 'OTA_02' }),
      tool('get_property_availability_single', { hotelCode, checkIn: day(10), checkOut: day(13), adults: 2, currency: 'EUR' }, language),
      tool('get_property_availability_single', { hotelCode, checkIn: day(120), checkOut: day(121), adults: 3, children: 1, currency: 'USD', rooms: 2, device: 'MOBILE', lang: 'it' }),
    );
  }
  probes.push(
    tool('get_property_info', { hotelCode: 'NOPE001' }),
    tool('shop_property_rate', { hotelCode: 'ACME001', checkIn: day(-1), checkOut: day(1) }),
    tool('get_property_availability_single', { hotelCode: 'ACME002', checkIn: day(1), checkOut: day(2), adults: 2, currency: 'EUR' }, LIMITED),
    tool('get_property_reviews', { hotelCode: { value: 'ACME001' } }),
  );
  return probes;
}

async function send(api: RunningApi, probe: Probe, requestId: string): Promise<TestResponse> {
  return api.request(probe.method, probe.path, {
    // One Host for both: links to the service itself (the sandbox's photos) name the origin a request reached.
    headers: { ...probe.headers, 'x-request-id': requestId, host: 'localhost:8443' },
    body: probe.body === undefined ? undefined : JSON.stringify(probe.body),
  });
}

/** Status, the headers that carry meaning, and the exact body text. */
function comparable(response: TestResponse): string {
  const header = (name: string) => `${name}: ${String(response.headers[name] ?? '')}`;
  return [response.status, header('content-type'), header('content-language'), header('vary'), header('access-control-allow-origin'), response.text].join('\n');
}

describeWithDatabase('PostgreSQL answers exactly as the sandbox it was loaded from', (serverUrl) => {
  let database: TestDatabase;
  let dataDir: string;
  let postgresConnectors: Connectors;
  let sandboxApi: RunningApi;
  let postgresApi: RunningApi;

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl, 'hotel_differential');
    const db = createDatabase({ url: database.url, poolSize: 2, statementTimeoutMs: 0 });
    try {
      await migrateToLatest(db, [HOTEL_DATA_MIGRATION_SET]);
      dataDir = mkdtempSync(join(tmpdir(), 'hotel-export-'));
      await exportSandbox({ dir: dataDir, chains: ['ACME', 'BLUE'], now: TEST_NOW, shopDays: 7, occupancies: [{ adults: 2, children: 0 }, { adults: 1, children: 0 }] });
      for (const file of await dataFilesAt(dataDir)) await loadDataFile(db, file);
    } finally {
      await db.destroy();
    }
    postgresConnectors = await createConnectors({ kind: 'postgres', url: database.url, now });
    sandboxApi = await startApi({ env: ENV, connectors: createSandboxConnectors({ now }) });
    postgresApi = await startApi({ env: { ...ENV, CONNECTOR: 'postgres', DATABASE_URL: database.url }, connectors: postgresConnectors });
  }, 600_000);

  afterAll(async () => {
    await sandboxApi?.close();
    await postgresApi?.close();
    await postgresConnectors?.close?.();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['shopper', shopperProbes],
    ['reviews', reviewProbes],
    ['chain availability', availabilityProbes],
    ['MCP tools', mcpProbes],
    ['properties, rooms, lowest monthly rates, single availability', propertyProbes],
    ['price calendar', calendarProbes],
    ['parity', parityProbes],
  ])('%s: every answer the same, byte for byte', async (_surface, probes) => {
    const differences: string[] = [];
    let answered = 0;
    for (const [index, probe] of probes().entries()) {
      const requestId = `diff-${index}`;
      const [expected, actual] = await Promise.all([send(sandboxApi, probe, requestId), send(postgresApi, probe, requestId)]);
      if (expected.status === 200) answered++;
      if (comparable(expected) !== comparable(actual)) {
        differences.push(`${probe.method} ${probe.path} ${JSON.stringify(probe.body ?? '')}\n  sandbox:  ${comparable(expected).slice(0, 600)}\n  postgres: ${comparable(actual).slice(0, 600)}`);
      }
    }
    expect(differences.slice(0, 5)).toEqual([]);
    // The probes are not all errors: most of them are answers worth comparing.
    expect(answered).toBeGreaterThan(probes().length / 2);
  }, 300_000);
});
