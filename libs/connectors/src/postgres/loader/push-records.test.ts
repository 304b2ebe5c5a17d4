import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkRecord, type NumberedRecord } from '../../data-format/parse-record.js';
import { RecordError } from '../../data-format/record-error.js';
import { IdempotencyConflictError } from '../../errors.js';
import { createTestDatabase, describeWithDatabase, type TestDatabase } from '../../testing.js';
import { createDatabase } from '../connect.js';
import type { Database } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import { HOTEL_DATA_MIGRATION_SET } from '../migrator.js';
import { pushRecords } from './push-records.js';

const TEXT = { en: 'Text' };
const CHAIN = { type: 'chain', code: 'PUSH', name: 'Push Hotels', centre: { lat: 38.7, lon: -9.1 }, widgetOrigins: [] };
const PROPERTY = {
  type: 'property', code: 'PUSH001', chain: 'PUSH', name: TEXT, description: TEXT, destination: 'Lisbon', countryCode: 'PT',
  location: { lat: 38.71, lon: -9.14 }, timeZone: 'Europe/Lisbon', currency: 'EUR', rating: 4, includeInWidgetSearch: true,
  url: 'https://www.push.example/1', bookingUrl: 'https://book.push.example/1',
  photos: { default: 'https://img.push.example/1.jpg', medium: 'https://img.push.example/2.jpg', large: 'https://img.push.example/3.jpg' },
  noOfPhotos: 1, beds: 1, bedrooms: 1, bathrooms: 1, nightsMin: 1, nightsMax: 14, rackPremium: 1.2, cityTaxPerAdultNight: 0,
  leadTime: [{ maxDaysAhead: null, factor: 1 }],
};
const ROOMS = ['DBL', 'TWN', 'STE'].map((code) => ({ type: 'room', property: 'PUSH001', code, name: TEXT, description: TEXT, active: true, maxAdults: 2, maxOccupancy: 3, baseNightly: 100 }));
const numbered = (records: readonly object[]): NumberedRecord[] => records.map((record, index) => ({ line: index + 1, record: checkRecord(record, index + 1) }));
/** A year of ARI for every room, in the order given. */
const ariYear = (roomsLeft: number, order: 'forward' | 'backward') => {
  const days = Array.from({ length: 365 }, (_, index) => new Date(Date.UTC(2027, 0, 1 + index)).toISOString().slice(0, 10));
  const records = days.flatMap((date) => ROOMS.map(({ code }) => ({ type: 'ari', property: 'PUSH001', room: code, date, priceFactor: 1, roomsLeft, stopSell: [] })));
  return order === 'forward' ? records : records.reverse();
};

describeWithDatabase('pushed records into PostgreSQL', (serverUrl) => {
  let database: TestDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl, 'hotel_push');
    db = createDatabase({ url: database.url, poolSize: 8 });
    await migrateToLatest(db, [HOTEL_DATA_MIGRATION_SET]);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  const roomNights = async () => Number((await sql<{ n: string }>`select count(*) as n from room_nights`.execute(db)).rows[0]?.n);

  it('writes a catalog and its ARI in one push, counting each type, and bumps the data version', async () => {
    const { receipt, replayed } = await pushRecords(db)(numbered([CHAIN, PROPERTY, ...ROOMS, ...ariYear(4, 'forward')]));
    expect(replayed).toBe(false);
    expect(receipt.counts).toEqual({ chain: 1, property: 1, room: 3, ari: 1095 });
    expect(receipt.durable).toBe(true);
    const version = await db.selectFrom('hotel_data_version').select('version').executeTakeFirstOrThrow();
    expect(receipt.dataVersion).toBe(Number(version.version));
    expect(await roomNights()).toBe(1095);
  });

  it('refuses a push whose record names something unknown, with its line, and applies none of it', async () => {
    const version = await db.selectFrom('hotel_data_version').select('version').executeTakeFirstOrThrow();
    const records = [...ariYear(9, 'forward').slice(0, 5), { type: 'ari', property: 'PUSH001', room: 'NOPE', date: '2027-02-01', priceFactor: 1, roomsLeft: 1, stopSell: [] }];
    await expect(pushRecords(db)(numbered(records))).rejects.toThrow(new RecordError(6, 'room', 'property PUSH001 has no room "NOPE"'));
    expect((await db.selectFrom('room_nights').select('rooms_left').distinct().execute()).map((row) => row.rooms_left)).toEqual([4]);
    expect((await db.selectFrom('hotel_data_version').select('version').executeTakeFirstOrThrow()).version).toBe(version.version);
  });

  it("asks the caller whether it may write, with the database's chains of the properties named, and applies nothing it refuses", async () => {
    const asked: (string | undefined)[] = [];
    const refusal = new Error('not yours');
    const key = { scope: 'key_A', key: 'refused-1', fingerprint: 'sha-r' };
    const records = numbered([...ariYear(5, 'forward').slice(0, 3), { ...PROPERTY, code: 'PUSH002' }]);
    await expect(
      pushRecords(db)(records, key, (chainOf) => {
        asked.push(chainOf('PUSH001'), chainOf('PUSH002'));
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    // PUSH002 is only declared by the push: the database holds no chain for it.
    expect(asked).toEqual(['PUSH', undefined]);
    expect((await db.selectFrom('room_nights').select('rooms_left').distinct().execute()).map((row) => row.rooms_left)).toEqual([4]);
    expect(await db.selectFrom('properties').select('code').where('code', '=', 'PUSH002').executeTakeFirst()).toBeUndefined();
    // A refused push is not remembered: its Idempotency-Key runs the corrected push.
    expect((await pushRecords(db)(records.slice(0, 3), key)).replayed).toBe(false);
  });

  it('lets two pushes of the same room nights in opposite orders both succeed, the result one of the serial orders', async () => {
    for (let round = 0; round < 5; round++) {
      const [first, second] = await Promise.all([pushRecords(db)(numbered(ariYear(1, 'forward'))), pushRecords(db)(numbered(ariYear(2, 'backward')))]);
      expect(first.receipt.counts.ari).toBe(1095);
      expect(second.receipt.counts.ari).toBe(1095);
      const left = (await db.selectFrom('room_nights').select('rooms_left').distinct().execute()).map((row) => row.rooms_left);
      expect(left.length).toBe(1);
      expect([1, 2]).toContain(left[0]);
    }
  });

  it('lets two pushes adding the same new room nights at once both succeed: the one that finds them added meanwhile runs again', async () => {
    for (let round = 0; round < 5; round++) {
      await db.deleteFrom('room_nights').execute();
      const [first, second] = await Promise.all([pushRecords(db)(numbered(ariYear(1, 'forward'))), pushRecords(db)(numbered(ariYear(2, 'forward')))]);
      expect([first.receipt.counts.ari, second.receipt.counts.ari]).toEqual([1095, 1095]);
      const left = await db.selectFrom('room_nights').select(['rooms_left', (eb) => eb.fn.countAll<string>().as('nights')]).groupBy('rooms_left').execute();
      expect(left.length).toBe(1);
      expect([1, 2]).toContain(left[0]?.rooms_left);
      expect(Number(left[0]?.nights)).toBe(1095);
    }
  });

  it('replays the first receipt for the same Idempotency-Key and body, refuses another body, and writes once', async () => {
    const push = pushRecords(db);
    const key = { scope: 'key_A', key: 'order-1', fingerprint: 'sha-1' };
    const first = await push(numbered(ariYear(7, 'forward').slice(0, 3)), key);
    const again = await push(numbered(ariYear(7, 'forward').slice(0, 3)), key);
    expect(again).toEqual({ receipt: first.receipt, replayed: true });
    await expect(push(numbered(ariYear(8, 'forward').slice(0, 3)), { ...key, fingerprint: 'sha-2' })).rejects.toThrow(new IdempotencyConflictError('different_body'));
    // Another API key's same Idempotency-Key is another push.
    expect((await push(numbered(ariYear(7, 'forward').slice(0, 3)), { ...key, scope: 'key_B' })).replayed).toBe(false);
  });

  it('tells a second request with the same Idempotency-Key that the first is still running', async () => {
    const push = pushRecords(db);
    const key = { scope: 'key_A', key: 'order-2', fingerprint: 'sha-3' };
    // The first holds the key's lock while it writes a year of ARI; the second asks meanwhile.
    const results = await Promise.allSettled([push(numbered(ariYear(3, 'forward')), key), push(numbered(ariYear(3, 'forward')), key)]);
    const refused = results.filter((result) => result.status === 'rejected');
    const done = results.filter((result) => result.status === 'fulfilled');
    expect(done.length).toBeGreaterThanOrEqual(1);
    for (const result of refused) expect((result as PromiseRejectedResult).reason).toEqual(new IdempotencyConflictError('in_progress'));
    // Once the first has committed, the same request replays it.
    expect((await push(numbered(ariYear(3, 'forward')), key)).replayed).toBe(true);
  });
});
