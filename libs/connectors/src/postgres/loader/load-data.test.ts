import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, describeWithDatabase, type TestDatabase } from '../../testing.js';
import { createDatabase } from '../connect.js';
import type { Database } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import { HOTEL_DATA_MIGRATION_SET } from '../migrator.js';
import { DataFileError } from './data-file-error.js';
import { loadDataFile } from './load-data.js';

const TEXT = { en: 'Text' };
const CHAIN = { type: 'chain', code: 'TEST', name: 'Test Hotels', centre: { lat: 38.7, lon: -9.1 }, widgetOrigins: ['https://www.test.example'] };
const PROPERTY = {
  type: 'property',
  code: 'TEST001',
  chain: 'TEST',
  name: { en: 'Test Lisbon', pt: 'Teste Lisboa' },
  description: { en: 'By the river.', pt: 'Junto ao rio.' },
  destination: 'Lisbon',
  countryCode: 'PT',
  location: { lat: 38.71, lon: -9.14 },
  timeZone: 'Europe/Lisbon',
  currency: 'EUR',
  rating: 4,
  includeInWidgetSearch: true,
  url: 'https://www.test.example/hotels/test001',
  bookingUrl: 'https://book.test.example/TEST001',
  photos: { default: 'https://img.test.example/1.jpg', medium: 'https://img.test.example/2.jpg', large: 'https://img.test.example/3.jpg' },
  noOfPhotos: 10,
  beds: 80,
  bedrooms: 50,
  bathrooms: 50,
  nightsMin: 1,
  nightsMax: 14,
  rackPremium: 1.2,
  cityTaxPerAdultNight: 2,
  leadTime: [{ maxDaysAhead: null, factor: 1 }],
};
const ROOM = { type: 'room', property: 'TEST001', code: 'DBL', name: TEXT, description: TEXT, active: true, maxAdults: 2, maxOccupancy: 3, baseNightly: 100 };
const ARI = { type: 'ari', property: 'TEST001', room: 'DBL', date: '2027-01-10', priceFactor: 1, roomsLeft: 4, stopSell: [] };

const lines = (...records: object[]): string => records.map((record) => JSON.stringify(record)).join('\n') + '\n';

describeWithDatabase('data:load', (serverUrl) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  const dir = mkdtempSync(join(tmpdir(), 'hotel-load-'));
  const file = (name: string, text: string): string => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  /** Every row of every table, to prove a rejected file changed nothing. */
  const snapshot = async () =>
    (await sql<{ t: string }>`select string_agg(t::text, ';' order by t::text) as t from (
        select row_to_json(x)::text as t from (select * from chains) x union all
        select row_to_json(x)::text from (select * from properties) x union all
        select row_to_json(x)::text from (select * from property_texts) x union all
        select row_to_json(x)::text from (select * from rooms) x union all
        select row_to_json(x)::text from (select * from room_nights) x) all_rows`.execute(db)).rows[0].t;

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl, 'hotel_loader');
    db = createDatabase({ url: database.url, poolSize: 2 });
    await migrateToLatest(db, [HOTEL_DATA_MIGRATION_SET]);
    await loadDataFile(db, file('catalog.jsonl', lines(CHAIN, PROPERTY, ROOM, ARI)));
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('loads the same file twice with nothing changed the second time', async () => {
    const before = await snapshot();
    const loaded = await loadDataFile(db, join(dir, 'catalog.jsonl'));
    expect(loaded.records).toBe(4);
    expect(await snapshot()).toBe(before);
  });

  describe('rejects a whole file for one bad line, naming file:line, the field and why, and changes nothing', () => {
    it.each([
      ['a value out of range', lines({ ...ARI, date: '2027-01-11', roomsLeft: 3 }, { ...ARI, date: '2027-01-12', roomsLeft: -1 }), 2, 'roomsLeft', /0/],
      ['an impossible date', lines({ ...ARI, date: '2027-02-30' }), 1, 'date', /date/i],
      ['an unknown type', lines({ type: 'hotel', code: 'X' }), 1, 'type', /./],
      ['a room of a property that does not exist', lines({ ...ARI, property: 'NOPE001' }), 1, 'property', /unknown property "NOPE001"/],
      ['a room the property does not have', lines({ ...ARI, room: 'SUITE' }), 1, 'room', /has no room "SUITE"/],
      ['a stop-sell of a rate plan it does not have', lines({ ...ARI, stopSell: ['FLEX'] }), 1, 'stopSell.0', /has no rate plan "FLEX"/],
      ['a line that is not JSON', `${lines({ ...ARI, date: '2027-01-13' })}{"type": "ari",\n`, 2, '(line)', /not JSON/],
      ['an unknown field', lines({ ...ROOM, colour: 'blue' }), 1, '(record)', /colour/],
    ])('%s', async (_case, text, line, field, why) => {
      const before = await snapshot();
      const path = file(`bad-${line}-${field}.jsonl`, text);
      const failure = await loadDataFile(db, path).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DataFileError);
      expect(failure).toMatchObject({ file: path, line, field });
      expect((failure as DataFileError).why).toMatch(why);
      expect((failure as Error).message).toBe(`${path}:${line}: ${field}: ${(failure as DataFileError).why}`);
      expect(await snapshot()).toBe(before);
    });
  });

  it('lets two loads adding the same new room nights at once both succeed: the one that finds them added meanwhile runs again', async () => {
    const days = Array.from({ length: 400 }, (_, index) => new Date(Date.UTC(2029, 0, 1 + index)).toISOString().slice(0, 10));
    const path = file('new-nights.jsonl', lines(...days.map((date) => ({ ...ARI, date, roomsLeft: 2 }))));
    const loaded = await Promise.all([loadDataFile(db, path), loadDataFile(db, path)]);
    expect(loaded.map((file) => file.records)).toEqual([400, 400]);
    const { nights } = await db.selectFrom('room_nights').select((eb) => eb.fn.countAll<string>().as('nights')).where('night', '>=', '2029-01-01').executeTakeFirstOrThrow();
    expect(Number(nights)).toBe(400);
  });

  it('keeps channel collections as history: a later collection adds rows, never replaces them', async () => {
    await loadDataFile(db, file('plan.jsonl', lines({
      type: 'ratePlan', property: 'TEST001', code: 'FLEX', name: TEXT, kind: 'REFUNDABLE', boardCode: 14, extras: [], freeCancellationDays: 2,
      beRateIds: ['BE1'], boardSupplementPerGuest: 0, priceFactor: 1, memberFactor: null,
      occupancy: { singleOccupancyFactor: 0.85, extraAdultFactor: 0.3, childFactor: 0.15, childBoardShare: 0.5 },
    })));
    const shop = (collectedAt: string, price: number) => ({
      type: 'channelShop', property: 'TEST001', arrival: '2027-01-10', nights: 1, adults: 2, children: 0, collectedAt,
      prices: [{ room: 'DBL', ratePlan: 'FLEX', channel: 'OTA_01', price }],
    });
    await loadDataFile(db, file('shop-1.jsonl', lines(shop('2027-01-01T10:00:00Z', 120))));
    await loadDataFile(db, file('shop-2.jsonl', lines(shop('2027-01-02T10:00:00Z', 125), shop('2027-01-01T10:00:00Z', 120))));
    const prices = await db
      .selectFrom('channel_prices')
      .innerJoin('channel_shops', 'channel_shops.id', 'channel_prices.shop_id')
      .select(['collected_at', 'price'])
      .orderBy('collected_at')
      .execute();
    expect(prices.map(({ collected_at, price }) => [collected_at.toISOString(), price])).toEqual([
      ['2027-01-01T10:00:00.000Z', 120],
      ['2027-01-02T10:00:00.000Z', 125],
    ]);
  });

  it('takes an ARI record as the whole truth about its room night: stop-sells it no longer lists are lifted', async () => {
    const stopSells = async () =>
      (await db.selectFrom('stop_sells').select(['night', 'rate_plan_code']).where('property_code', '=', 'TEST001').orderBy('night').execute()).map(
        (row) => `${row.night} ${row.rate_plan_code}`,
      );
    await loadDataFile(db, file('closed.jsonl', lines({ ...ARI, date: '2027-01-20', stopSell: ['FLEX'] }, { ...ARI, date: '2027-01-21', stopSell: ['FLEX'] })));
    expect(await stopSells()).toEqual(['2027-01-20 FLEX', '2027-01-21 FLEX']);
    await loadDataFile(db, file('reopened.jsonl', lines({ ...ARI, date: '2027-01-20' }, { ...ARI, date: '2027-01-21', stopSell: ['FLEX'] })));
    expect(await stopSells()).toEqual(['2027-01-21 FLEX']);
  });
});
