import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout } from 'node:timers/promises';
import { join } from 'node:path';
import type { DataRecord } from '@hotelapi/domain';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeWithDatabase, type TestDatabase } from '../testing.js';
import { createDatabase } from './connect.js';
import type { Database } from './database.js';
import { loadDataFile } from './loader/load-data.js';
import { migrateToLatest } from './migrate.js';
import { HOTEL_DATA_MIGRATION_SET } from './migrator.js';
import { createPostgresConnectors } from './postgres-connectors.js';

/** The documented example of docs/data-format.md. */
const EXAMPLE = join(import.meta.dirname, '../../../../docs/examples/small-chain.jsonl');
const NOW = new Date('2027-05-01T10:00:00Z');
const lines = readFileSync(EXAMPLE, 'utf8').split('\n');

describeWithDatabase('the PostgreSQL connectors over the documented example', (serverUrl) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let queries = 0;

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl, 'hotel_example');
    const loader = createDatabase({ url: database.url, poolSize: 1 });
    await migrateToLatest(loader, [HOTEL_DATA_MIGRATION_SET]);
    await loadDataFile(loader, EXAMPLE);
    await loader.destroy();
    // Counts the statements each port call sends.
    db = createDatabase({
      url: database.url,
      log: () => {
        queries++;
      },
    });
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  /**
   * The statements `ask` sends once its ARI is kept: a chain search fills the window behind its own
   * answer, so this asks again until the fill is in (or gives the last count after two seconds).
   */
  async function queriesOnceKept(ask: () => Promise<unknown>): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      queries = 0;
      await ask();
      if (queries <= 2 || attempt === 100) return queries;
      await setTimeout(20);
    }
  }

  it('prices the stay as the document says, with the collected channel prices', async () => {
    const { rateShopper } = createPostgresConnectors({ db, now: () => NOW });
    const shop = await rateShopper.shop('SEA001', { checkIn: '2027-06-10', checkOut: '2027-06-11', adults: 2, children: 0 });
    expect(shop.collectedAt).toEqual(new Date('2027-05-01T08:30:00Z'));
    expect(shop.rates).toEqual([
      { roomCode: 'DBL', ratePlanCode: 'FLEX', total: 160.8, channels: { OTA_01: 171.5, CRS_01: 161 } },
      { roomCode: 'DBL', ratePlanCode: 'NREF', total: 144.72, channels: { OTA_01: 150 } },
    ]);
  });

  it('answers a stay nobody collected with direct prices only, and a night without ARI with nothing', async () => {
    const { rateShopper, bookingEngine } = createPostgresConnectors({ db, now: () => NOW });
    const uncollected = await rateShopper.shop('SEA001', { checkIn: '2027-06-10', checkOut: '2027-06-12', adults: 2, children: 0 });
    expect(uncollected.collectedAt).toBeNull();
    // NREF is stopped on the 11th; FLEX sells, without channel prices.
    expect(uncollected.rates).toMatchObject([{ ratePlanCode: 'FLEX', channels: {} }]);
    const beyond = await bookingEngine.getAvailability('SEA001', { checkIn: '2027-06-11', checkOut: '2027-06-13', adults: 2, children: 0 });
    expect(beyond.rates).toEqual([]);
  });

  it('answers the price calendar from one read of the range, as getAvailability would date by date', async () => {
    const { bookingEngine } = createPostgresConnectors({ db, now: () => NOW });
    queries = 0;
    const calendar = await bookingEngine.getArrivalCalendar('SEA001', { from: '2027-06-09', to: '2027-06-12', nights: 1, adults: 2, children: 0 });
    // The data version, the property's catalog and rules (three), the event log's newest event, its ARI (one).
    expect(queries).toBeLessThanOrEqual(6);
    expect(calendar).toEqual([
      { date: '2027-06-09', lowestTotal: null, minStay: null, closedToArrival: true },
      { date: '2027-06-10', lowestTotal: 144.72, minStay: 1, closedToArrival: false },
      // A minimum stay of two: sold that night, but not for one night.
      { date: '2027-06-11', lowestTotal: null, minStay: 2, closedToArrival: false },
      { date: '2027-06-12', lowestTotal: null, minStay: null, closedToArrival: true },
    ]);
    for (const entry of calendar) {
      const checkOut = `2027-06-${String(Number(entry.date.slice(-2)) + 1).padStart(2, '0')}`;
      const { rates } = await bookingEngine.getAvailability('SEA001', { checkIn: entry.date, checkOut, adults: 2, children: 0 });
      const bookable = rates.filter((rate) => rate.status === 'AVL').map((rate) => rate.total);
      expect(entry.lowestTotal).toBe(bookable.length > 0 ? Math.min(...bookable) : null);
    }
  });

  it('keeps the parity history of a stay as the collections loaded, from since on', async () => {
    const { rateShopper } = createPostgresConnectors({ db, now: () => NOW });
    const stay = { checkIn: '2027-06-10', checkOut: '2027-06-11', adults: 2, children: 0 };
    const latest = await rateShopper.shop('SEA001', stay);
    expect(await rateShopper.shopHistory('SEA001', stay)).toEqual([latest]);
    expect(await rateShopper.shopHistory('SEA001', { ...stay, since: new Date('2027-05-01T08:30:00Z') })).toHaveLength(1);
    expect(await rateShopper.shopHistory('SEA001', { ...stay, since: new Date('2027-05-01T08:31:00Z') })).toEqual([]);
    expect(await rateShopper.shopHistory('SEA001', { ...stay, adults: 1 })).toEqual([]);
    // Collections after "now" have not happened yet.
    expect(await createPostgresConnectors({ db, now: () => new Date('2027-05-01T08:00:00Z') }).rateShopper.shopHistory('SEA001', stay)).toEqual([]);
  });

  it('reads a whole chain in a bounded number of queries, and its catalog once per data version', async () => {
    const { bookingEngine } = createPostgresConnectors({ db, now: () => NOW, dataVersionMaxAgeMs: 0 });
    const codes = ['SEA001', ...Array.from({ length: 200 }, (_, index) => `SEA${String(index + 2).padStart(3, '0')}`)];
    const stay = { checkIn: '2027-06-10', checkOut: '2027-06-11', adults: 2, children: 0 };
    queries = 0;
    const chain = await bookingEngine.getChainAvailability(codes, stay);
    expect(chain.properties.map((property) => property.propertyCode)).toEqual(['SEA001']);
    // Its answer's statements (its ARI read as a transaction: begin, jit off, the read, commit), and
    // perhaps already the four of the one that fills the window behind it.
    expect(queries).toBeLessThanOrEqual(13);
    expect(await bookingEngine.getChainAvailability(['SEA001'], stay)).toEqual({ properties: [chain.properties[0]], failures: [] });
    // The data version and the event log's newest event: the catalog and the ARI are kept.
    expect(await queriesOnceKept(() => bookingEngine.getChainAvailability(['SEA001'], stay))).toBe(2);
  });

  it('keeps ARI in memory, filled by chain searches, and serves a write of any process once its event is read', async () => {
    const write = createPostgresConnectors({ db, now: () => NOW }).writeRecords;
    if (!write) throw new Error('the PostgreSQL connectors write records');
    const readers = [createPostgresConnectors({ db, now: () => NOW, dataVersionMaxAgeMs: 0 }), createPostgresConnectors({ db, now: () => NOW, dataVersionMaxAgeMs: 50 })];
    const stay = { checkIn: '2027-06-10', checkOut: '2027-06-11', adults: 2, children: 0 };
    const remainingOf = async (connectors: (typeof readers)[number]) =>
      (await connectors.bookingEngine.getAvailability('SEA001', stay)).rates.find((rate) => rate.ratePlanCode === 'FLEX')?.remaining;
    // A chain search fills the window; a question about one property reads only its own nights of what is not kept.
    const codes = ['SEA001', ...Array.from({ length: 60 }, (_, index) => `SEA${String(index + 2).padStart(3, '0')}`)];
    const fill = () => Promise.all(readers.map((reader) => reader.bookingEngine.getChainAvailability(codes, stay)));
    await fill();
    const before = await Promise.all(readers.map(remainingOf));
    expect(before).toEqual([5, 5]);
    const ari = (roomsLeft: number): DataRecord => ({ type: 'ari', property: 'SEA001', room: 'DBL', date: '2027-06-10', priceFactor: 1, roomsLeft, stopSell: [] });
    try {
      await write([{ line: 1, record: ari(3) }]);
      await setTimeout(50);
      expect(await Promise.all(readers.map(remainingOf))).toEqual([3, 3]);
      const anotherStay = { ...stay, checkIn: '2027-06-11', checkOut: '2027-06-12' };
      // Dropped by the write's event and not filled by a single property's question: its nights are read.
      queries = 0;
      await readers[0].bookingEngine.getAvailability('SEA001', anotherStay);
      expect(queries).toBe(3);
      // Filled again by a chain search: another stay of the window is no ARI read, only the data version and the newest event.
      await fill();
      expect(await queriesOnceKept(() => readers[0].bookingEngine.getAvailability('SEA001', anotherStay))).toBe(2);
    } finally {
      await write([{ line: 1, record: ari(5) }]);
    }
    await setTimeout(50);
    expect(await Promise.all(readers.map(remainingOf))).toEqual(before);
  });

  it('serves its own write at once after catching up with it, with no read of the event log or the data version', async () => {
    const write = createPostgresConnectors({ db, now: () => NOW }).writeRecords;
    if (!write) throw new Error('the PostgreSQL connectors write records');
    // The log and the version are read again only after a minute: what serves the write at once is catchUp.
    const reader = createPostgresConnectors({ db, now: () => NOW, dataVersionMaxAgeMs: 60_000 });
    const stay = { checkIn: '2027-06-10', checkOut: '2027-06-11', adults: 2, children: 0 };
    const remaining = async () => (await reader.bookingEngine.getAvailability('SEA001', stay)).rates.find((rate) => rate.ratePlanCode === 'FLEX')?.remaining;
    const codes = ['SEA001', ...Array.from({ length: 60 }, (_, index) => `SEA${String(index + 2).padStart(3, '0')}`)];
    await reader.bookingEngine.getChainAvailability(codes, stay);
    // Kept once a question about the property alone reads nothing (the version and the log were read
    // within the minute), and the fill behind the chain's question is in.
    for (let attempt = 0; attempt < 100; attempt++) {
      queries = 0;
      await remaining();
      if (queries === 0) break;
      await setTimeout(20);
    }
    expect(queries).toBe(0);
    expect(await remaining()).toBe(5);
    const ari = (roomsLeft: number): DataRecord => ({ type: 'ari', property: 'SEA001', room: 'DBL', date: '2027-06-10', priceFactor: 1, roomsLeft, stopSell: [] });
    try {
      const { receipt } = await write([{ line: 1, record: ari(3) }]);
      queries = 0;
      await reader.catchUp?.({ dataVersion: receipt.dataVersion, properties: ['SEA001'] });
      expect(queries).toBe(0);
      expect(await remaining()).toBe(3);
    } finally {
      const { receipt } = await write([{ line: 1, record: ari(5) }]);
      await reader.catchUp?.({ dataVersion: receipt.dataVersion, properties: ['SEA001'] });
    }
    expect(await remaining()).toBe(5);
  });

  it('reads a stay beyond the kept window of nights from PostgreSQL at every call', async () => {
    // Today in January: June lies past the window kept in memory.
    const { bookingEngine } = createPostgresConnectors({ db, now: () => new Date('2027-01-15T10:00:00Z'), dataVersionMaxAgeMs: 0 });
    const stay = { checkIn: '2027-06-10', checkOut: '2027-06-11', adults: 2, children: 0 };
    const first = await bookingEngine.getAvailability('SEA001', stay);
    expect(first.rates.find((rate) => rate.ratePlanCode === 'FLEX')).toMatchObject({ status: 'AVL', remaining: 5 });
    queries = 0;
    expect(await bookingEngine.getAvailability('SEA001', stay)).toEqual(first);
    // The data version, the newest event and the stay's ARI.
    expect(queries).toBe(3);
  });

  it('answers the same objects for the same catalog questions within a data version', async () => {
    const { catalog, reviews } = createPostgresConnectors({ db, now: () => NOW });
    const codes = ['SEA001', 'SEA404'];
    const properties = await catalog.getProperties(codes);
    expect(properties.map((property) => property.code)).toEqual(['SEA001']);
    expect(await catalog.getProperties(codes)).toBe(properties);
    expect(await catalog.getProperty('SEA001')).toBe(properties[0]);
    const chain = await catalog.getChain('SEA');
    expect(chain?.propertyCodes).toEqual(['SEA001']);
    expect(await catalog.getChain('SEA')).toBe(chain);
    const sea001 = await reviews.getReviews('SEA001');
    expect(sea001?.reviews).toHaveLength(1);
    expect(await reviews.getReviews('SEA001')).toBe(sea001);
  });

  it('sees a file loaded by another process once its data version read is older than its maximum age, in every instance', async () => {
    // 0: every call reads the version; 50 ms: the first call after 50 ms does.
    const instances = [createPostgresConnectors({ db, now: () => NOW, dataVersionMaxAgeMs: 0 }), createPostgresConnectors({ db, now: () => NOW, dataVersionMaxAgeMs: 50 })];
    const nameOf = async (connectors: (typeof instances)[number]) => (await connectors.catalog.getProperty('SEA001'))?.name['en'];
    const reviewsOf = async (connectors: (typeof instances)[number]) => (await connectors.reviews.getReviews('SEA001'))?.reviews.map((review) => review.title);
    const before = await Promise.all(instances.map(nameOf));
    const reviewsBefore = await reviewsOf(instances[0]);
    expect(before).toEqual(['Seaside Faro Marina', 'Seaside Faro Marina']);
    const changed = lines.map((line) => line.replace('"en":"Seaside Faro Marina"', '"en":"Seaside Faro Marina and Spa"').replace(/"title":"([^"]*)"/g, '"title":"$1!"'));
    const file = join(mkdtempSync(join(tmpdir(), 'hotel-reload-')), 'changed.jsonl');
    writeFileSync(file, changed.join('\n'));
    const loader = createDatabase({ url: database.url, poolSize: 1 });
    try {
      await loadDataFile(loader, file);
      await setTimeout(50);
      expect(await Promise.all(instances.map(nameOf))).toEqual(['Seaside Faro Marina and Spa', 'Seaside Faro Marina and Spa']);
      expect(await reviewsOf(instances[0])).toEqual(reviewsBefore?.map((title) => `${title}!`));
    } finally {
      await loadDataFile(loader, EXAMPLE);
      await loader.destroy();
    }
    await setTimeout(50);
    expect(await Promise.all(instances.map(nameOf))).toEqual(before);
  });
});
