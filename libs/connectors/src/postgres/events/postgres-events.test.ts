import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StayUnderReview } from '../../ports/parity-ledger.js';
import { checkRecord, type NumberedRecord } from '../../data-format/parse-record.js';
import { createTestDatabase, describeWithDatabase, type TestDatabase } from '../../testing.js';
import { createDatabase } from '../connect.js';
import type { Database } from '../database.js';
import { loadDataFile } from '../loader/load-data.js';
import { pushRecords } from '../loader/push-records.js';
import { migrateToLatest } from '../migrate.js';
import { HOTEL_DATA_MIGRATION_SET } from '../migrator.js';
import { APPENDS_TOLD_EVERY_MS, PostgresEventLog } from './postgres-event-log.js';
import { PostgresParityLedger } from './postgres-parity-ledger.js';

const TEXT = { en: 'Text' };
const CHAIN = { type: 'chain', code: 'EVT', name: 'Event Hotels', centre: { lat: 38.7, lon: -9.1 }, widgetOrigins: [] };
const PROPERTY = {
  type: 'property', code: 'EVT001', chain: 'EVT', name: TEXT, description: TEXT, destination: 'Lisbon', countryCode: 'PT',
  location: { lat: 38.71, lon: -9.14 }, timeZone: 'Europe/Lisbon', currency: 'EUR', rating: 4, includeInWidgetSearch: true,
  url: 'https://www.evt.example/1', bookingUrl: 'https://book.evt.example/1',
  photos: { default: 'https://img.evt.example/1.jpg', medium: 'https://img.evt.example/2.jpg', large: 'https://img.evt.example/3.jpg' },
  noOfPhotos: 1, beds: 1, bedrooms: 1, bathrooms: 1, nightsMin: 1, nightsMax: 14, rackPremium: 1.2, cityTaxPerAdultNight: 0,
  leadTime: [{ maxDaysAhead: null, factor: 1 }],
};
const ROOM = { type: 'room', property: 'EVT001', code: 'DBL', name: TEXT, description: TEXT, active: true, maxAdults: 2, maxOccupancy: 3, baseNightly: 100 };
const PLAN = {
  type: 'ratePlan', property: 'EVT001', code: 'BAR', kind: 'REFUNDABLE', name: TEXT, boardCode: 0, extras: [], freeCancellationDays: 1, beRateIds: [],
  boardSupplementPerGuest: 0, priceFactor: 1, memberFactor: null, occupancy: { singleOccupancyFactor: 1, extraAdultFactor: 0.5, childFactor: 0.3, childBoardShare: 0.5 },
};
const numbered = (records: readonly object[]): NumberedRecord[] => records.map((record, index) => ({ line: index + 1, record: checkRecord(record, index + 1) }));
const ari = (date: string, priceFactor: number, roomsLeft: number, stopSell: string[] = []) => ({ type: 'ari', property: 'EVT001', room: 'DBL', date, priceFactor, roomsLeft, stopSell });

describeWithDatabase('the PostgreSQL event log', (serverUrl) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let log: PostgresEventLog;

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl, 'hotel_events');
    db = createDatabase({ url: database.url, poolSize: 6 });
    await migrateToLatest(db, [HOTEL_DATA_MIGRATION_SET]);
    log = new PostgresEventLog(db, database.url);
  });
  afterAll(async () => {
    await log?.close();
    await db?.destroy();
    await database?.drop();
  });

  const after = async (sequence: number) => log.list({ after: sequence, readable: 'all', limit: 100 });

  it('commits a push’s events with it: what was loaded, the dates opened and priced, as ranges', async () => {
    const start = await log.newest();
    await pushRecords(db)(numbered([CHAIN, PROPERTY, ROOM, PLAN, ari('2027-03-01', 1, 3), ari('2027-03-02', 1, 3), ari('2027-03-05', 1, 0)]));
    const events = await after(start);
    expect(events.map((event) => event.type)).toEqual(['rates.changed', 'availability.changed', 'data.loaded', 'data.loaded']);
    expect(events[0]?.data).toMatchObject({ chain: 'EVT', property: 'EVT001', ranges: [{ from: '2027-03-01', to: '2027-03-02' }, { from: '2027-03-05', to: '2027-03-05' }], rooms: ['DBL'] });
    expect(events[1]?.data).toMatchObject({
      changes: [
        { from: '2027-03-01', to: '2027-03-02', room: 'DBL', ratePlan: null, state: 'open' },
        { from: '2027-03-05', to: '2027-03-05', room: 'DBL', ratePlan: null, state: 'soldOut' },
      ],
    });
    expect(events.slice(2).map((event) => event.data)).toEqual([
      expect.objectContaining({ chain: 'EVT', property: null, source: 'push', counts: { chain: 1 } }),
      expect.objectContaining({ chain: 'EVT', property: 'EVT001', counts: { property: 1, room: 1, ratePlan: 1, ari: 3 } }),
    ]);
    expect(events.map((event) => event.data.sequence)).toEqual(events.map((_, index) => start + index + 1));
  });

  it('appends 20,000 events in one write: more than PostgreSQL’s 65,535 bind parameters would take at five a row', async () => {
    const start = await log.newest();
    const changed = (day: number) => ({
      type: 'rates.changed' as const,
      data: { chain: 'EVT', property: 'EVT001', ranges: [{ from: '2027-01-01', to: '2027-01-01' }], rooms: [`R${day}`] },
    });
    await log.append(Array.from({ length: 20_000 }, (_, day) => changed(day)));
    const followed = await log.follow({ after: start, limit: 30_000, whole: [] });
    expect(followed).toMatchObject({ read: 20_000, counts: { 'rates.changed': 20_000 } });
  });

  it('lets a follower read every event counted by type, and whole only the types it asks for', async () => {
    const start = await log.newest();
    await pushRecords(db)(numbered([ari('2027-06-01', 1.1, 3)]));
    const followed = await log.follow({ after: start, limit: 100, whole: ['data.loaded'] });
    expect(followed).toMatchObject({ last: start + 3, read: 3, counts: { 'rates.changed': 1, 'availability.changed': 1, 'data.loaded': 1 } });
    expect(followed.events).toEqual(await log.list({ after: start, readable: 'all', types: ['data.loaded'], limit: 100 }));
    expect(await log.follow({ after: start, limit: 2, whole: [] })).toEqual({ last: start + 2, read: 2, counts: { 'rates.changed': 1, 'availability.changed': 1 }, events: [] });
    const named = await log.follow({ after: start, limit: 100, whole: [], propertiesOf: ['rates.changed', 'availability.changed'] });
    expect(named.events).toEqual([]);
    expect(named.properties).toEqual(new Map([[followed.events[0]?.data.property, start + 2]]));
    expect((await log.follow({ after: start, limit: 1, whole: [], propertiesOf: ['availability.changed'] })).properties).toEqual(new Map());
  });

  it('tells only real changes: the same figures again are only a load; a stop-sell closes a rate plan', async () => {
    const start = await log.newest();
    await pushRecords(db)(numbered([ari('2027-03-01', 1, 3), ari('2027-03-02', 1, 3, ['BAR'])]));
    const events = await after(start);
    expect(events.map((event) => event.type)).toEqual(['availability.changed', 'data.loaded']);
    expect(events[0]?.data).toMatchObject({ changes: [{ from: '2027-03-02', to: '2027-03-02', room: 'DBL', ratePlan: 'BAR', state: 'closed' }] });
    // The same figures without the stop-sell: the row is left as it is, the stop-sell lifted.
    const lifting = await log.newest();
    await pushRecords(db)(numbered([ari('2027-03-02', 1, 3)]));
    expect((await after(lifting)).map((event) => [event.type, 'changes' in event.data ? event.data.changes : null])).toEqual([
      ['availability.changed', [{ from: '2027-03-02', to: '2027-03-02', room: 'DBL', ratePlan: 'BAR', state: 'open' }]],
      ['data.loaded', null],
    ]);
    expect(await db.selectFrom('stop_sells').select('rate_plan_code').where('night', '=', '2027-03-02').execute()).toEqual([]);
  });

  it('tells a load from a file as a push is told, `source: load`', async () => {
    const start = await log.newest();
    const dir = mkdtempSync(join(tmpdir(), 'hotel-events-load-'));
    try {
      const file = join(dir, 'ari.jsonl');
      writeFileSync(file, [ari('2027-05-01', 1, 2), ari('2027-05-02', 1, 2)].map((record) => JSON.stringify(record)).join('\n'));
      await loadDataFile(db, file);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const events = await after(start);
    expect(events.map((event) => event.type)).toEqual(['rates.changed', 'availability.changed', 'data.loaded']);
    expect(events[2]?.data).toMatchObject({ property: 'EVT001', source: 'load', counts: { ari: 2 } });
  });

  it('tells a file’s changes set aside batch by batch exactly as a push’s kept in memory, and asks parity the same', async () => {
    // One property's calendar over more than a batch (30,000 room nights), runs of every kind crossing the batch's end.
    const rooms = Array.from({ length: 31 }, (_, index) => `R${String(index).padStart(2, '0')}`);
    const calendar = (property: string) => {
      const records: object[] = [];
      for (let day = 0; day < 1_000; day++) {
        const date = new Date(Date.UTC(2030, 0, 1 + day)).toISOString().slice(0, 10);
        rooms.forEach((room, at) =>
          records.push({ type: 'ari', property, room, date, priceFactor: 1 + (day % 3) / 10, roomsLeft: (day * 7 + at) % 5, stopSell: (day + at) % 11 === 0 ? ['BAR'] : [] }),
        );
      }
      return records;
    };
    const written = async (property: string, write: (records: object[]) => Promise<void>) => {
      await pushRecords(db)(numbered([{ ...PROPERTY, code: property }, ...rooms.map((code) => ({ ...ROOM, property, code })), { ...PLAN, property }]));
      const start = await log.newest();
      await write(calendar(property));
      const events = (await log.list({ after: start, readable: 'all', limit: 100 })).map(({ type, data: { sequence: _, ...data } }) => ({ type, data }));
      const { rows } = await sql<{ properties: string[]; first_nights: string[]; last_nights: string[] }>`
        select properties, first_nights::text[], last_nights::text[] from parity_night_checks order by id desc limit 1`.execute(db);
      return JSON.parse(JSON.stringify({ events, parity: rows[0] }).replaceAll(property, 'EVTX'));
    };
    const dir = mkdtempSync(join(tmpdir(), 'hotel-events-aside-'));
    try {
      const loaded = await written('EVT101', async (records) => {
        writeFileSync(join(dir, 'ari.jsonl'), records.map((record) => JSON.stringify(record)).join('\n'));
        await loadDataFile(db, join(dir, 'ari.jsonl'));
      });
      const pushed = await written('EVT102', async (records) => void (await pushRecords(db)(numbered(records))));
      expect(loaded.events.map((event: { type: string }) => event.type)).toEqual(['rates.changed', 'availability.changed', 'data.loaded']);
      expect(loaded.events[1].data.changes.length).toBeGreaterThan(1_000);
      expect({ ...loaded, events: loaded.events.map((event: { data: object }) => ({ ...event, data: { ...event.data, source: 'either', dataVersion: 0 } })) }).toEqual({
        ...pushed,
        events: pushed.events.map((event: { data: object }) => ({ ...event, data: { ...event.data, source: 'either', dataVersion: 0 } })),
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves no event of a write rolled back', async () => {
    const start = await log.newest();
    await expect(pushRecords(db)(numbered([ari('2027-04-01', 2, 1), { ...ari('2027-04-02', 2, 1), room: 'NOPE' }]))).rejects.toThrow(/no room "NOPE"/);
    expect(await log.newest()).toBe(start);
    const { rows } = await sql<{ id: string }>`select id from parity_night_checks where '2027-04-01' = any(first_nights)`.execute(db);
    expect(rows).toEqual([]);
  });

  it('wakes its readers once for a burst of commits, and again after the last of them', async () => {
    const quietDb = createDatabase({ url: database.url, poolSize: 1 });
    const quiet = new PostgresEventLog(quietDb);
    let calls = 0;
    let lastWakeAfterLastCommit = false;
    let committed = false;
    const stop = quiet.onAppended(() => {
      calls++;
      lastWakeAfterLastCommit = committed;
    });
    try {
      const loaded = (n: number) => ({ type: 'data.loaded' as const, data: { chain: 'EVT', property: 'EVT001', source: 'load' as const, counts: {}, dataVersion: n } });
      for (let n = 0; n < 20; n++) await quiet.append([loaded(n)]);
      committed = true;
      await new Promise((resolve) => setTimeout(resolve, APPENDS_TOLD_EVERY_MS * 3));
      // Twenty commits a few milliseconds apart: a wake at the first, and one for the rest of each window.
      expect(calls).toBeGreaterThanOrEqual(1);
      expect(calls).toBeLessThan(20);
      // Nothing is left untold: the last wake came after the last commit.
      expect(lastWakeAfterLastCommit).toBe(true);
    } finally {
      stop();
      await quiet.close();
      await quietDb.destroy();
    }
  });

  it('wakes another instance’s readers through NOTIFY', async () => {
    const other = new PostgresEventLog(createDatabase({ url: database.url, poolSize: 1 }), database.url);
    try {
      // The first call comes once it is listening (the append waits for it); the second, of the append.
      let listening!: () => void;
      const listens = new Promise<void>((resolve) => (listening = resolve));
      const woken = new Promise<void>((resolve) => {
        let calls = 0;
        other.onAppended(() => {
          calls++;
          if (calls === 1) listening();
          if (calls === 2) resolve();
        });
      });
      await listens;
      await log.append([{ type: 'data.loaded', data: { chain: 'EVT', property: 'EVT001', source: 'load', counts: {}, dataVersion: 1 } }]);
      await woken;
    } finally {
      await other.close();
    }
  });

  it('records parity work with the write, and a review claims it, keeps statuses and appends events at once', async () => {
    const shop = { type: 'channelShop', property: 'EVT001', arrival: '2027-03-01', nights: 1, adults: 2, children: 0, collectedAt: '2027-02-01T06:00:00Z', prices: [] };
    await pushRecords(db)(numbered([shop]));
    const ledger = new PostgresParityLedger(db);
    const seen: unknown[] = [];
    const done = await ledger.review(100, async (stays) => {
      seen.push(...stays);
      return {
        states: stays.map((stay) => ({ ...stay, channel: 'OTA_01' as const, tolerance: 1, status: 'LOSE' as const })),
        events: [{ type: 'data.loaded' as const, data: { chain: 'EVT', property: 'EVT001', source: 'load' as const, counts: {}, dataVersion: 2 } }],
      };
    });
    expect(done).toBeGreaterThanOrEqual(1);
    expect(seen).toContainEqual({ property: 'EVT001', arrival: '2027-03-01', nights: 1, adults: 2, children: 0, known: [] });
    expect(await ledger.review(100, async () => ({ states: [], events: [] }))).toBe(0);
    // A price change over the stay's night asks for it again, with what is known of it.
    await pushRecords(db)(numbered([ari('2027-03-01', 1.5, 3)]));
    const again: unknown[] = [];
    await ledger.review(100, async (stays) => {
      again.push(...stays);
      return { states: [], events: [] };
    });
    expect(again).toEqual([{ property: 'EVT001', arrival: '2027-03-01', nights: 1, adults: 2, children: 0, known: [{ channel: 'OTA_01', tolerance: 1, status: 'LOSE' }] }]);
    expect(await ledger.forgetBefore('2027-03-02')).toBe(1);
  });

  it('keeps parity work pending when a review fails, for the next review', async () => {
    const shop = { type: 'channelShop', property: 'EVT001', arrival: '2027-03-03', nights: 2, adults: 2, children: 0, collectedAt: '2027-02-01T06:00:00Z', prices: [] };
    await pushRecords(db)(numbered([shop]));
    const ledger = new PostgresParityLedger(db);
    const start = await log.newest();
    await expect(ledger.review(100, async () => Promise.reject(new Error('the instance died mid-review')))).rejects.toThrow('died');
    expect(await log.newest()).toBe(start);
    const stays: unknown[] = [];
    expect(await ledger.review(100, async (claimed) => (stays.push(...claimed), { states: [], events: [] }))).toBe(1);
    expect(stays).toEqual([expect.objectContaining({ arrival: '2027-03-03', nights: 2 })]);
  });

  it('tells a change of state once when two instances review the same stay at once', async () => {
    const shop = (collectedAt: string) => ({ type: 'channelShop', property: 'EVT001', arrival: '2027-03-10', nights: 1, adults: 1, children: 0, collectedAt, prices: [] });
    await pushRecords(db)(numbered([shop('2027-02-01T06:00:00Z')]));
    await pushRecords(db)(numbered([shop('2027-02-01T07:00:00Z')]));
    const start = await log.newest();
    // Each instance claims one of the two checks naming the stay, and breaches it unless it is known breached.
    const judge = async (stays: readonly StayUnderReview[]) => {
      const fresh = stays.filter((stay) => stay.known.length === 0);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return {
        states: stays.map((stay) => ({ ...stay, channel: 'OTA_02' as const, tolerance: 1, status: 'LOSE' as const })),
        events: fresh.map(() => ({ type: 'data.loaded' as const, data: { chain: 'EVT', property: 'EVT001', source: 'load' as const, counts: {}, dataVersion: 3 } })),
      };
    };
    const other = createDatabase({ url: database.url, poolSize: 2 });
    try {
      await Promise.all([new PostgresParityLedger(db).review(1, judge), new PostgresParityLedger(other).review(1, judge)]);
    } finally {
      await other.destroy();
    }
    expect(await log.newest()).toBe(start + 1);
  });

  it('prunes events older than the retention', async () => {
    const before = await log.newest();
    expect(await log.prune(new Date(Date.now() + 60_000))).toBeGreaterThan(0);
    expect(await log.list({ after: 0, readable: 'all', limit: 10 })).toEqual([]);
    expect(await log.newest()).toBe(0);
    expect(before).toBeGreaterThan(0);
  });
});
