import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DataRecordType, RecordOf } from '@hotelapi/domain';
import type { WriteChanges } from '../../events/change-rules.js';
import type { Database } from '../database.js';
import { numberArray, textArray } from './array-literals.js';
import { byText, lastInKeyOrder } from './key-order.js';
import { RoomNightColumns } from './room-night-columns.js';
import type { ChangesSetAside } from '../events/changes-set-aside.js';
import { roomNightsBefore, tellNights, tellRoomNights, type NightRowBefore, type RoomNightRowBefore } from '../events/figures-before.js';

/** Room nights, a file's millions, as columns (room-night-columns.ts); the others as records. */
type Buffers = { [T in Exclude<DataRecordType, 'ari'>]: RecordOf<T>[] } & { ari: RoomNightColumns };

/**
 * Records buffered per type before a flush: large for the calendar (a batch's statements have a
 * fixed part, e.g. the stop-sells' reference check reads every room and rate plan), smaller
 * where rows are wide.
 */
const FLUSH_AT: Readonly<Record<DataRecordType, number>> = {
  chain: 500,
  property: 500,
  room: 500,
  ratePlan: 500,
  night: 30_000,
  ari: 30_000,
  channelShop: 1_000,
  exchangeRate: 1_000,
  reviewSummary: 200,
  review: 2_000,
};

/** Parents before children, so every foreign key finds its row. */
const FLUSH_ORDER: readonly DataRecordType[] = [
  'chain',
  'property',
  'room',
  'ratePlan',
  'night',
  'ari',
  'exchangeRate',
  'channelShop',
  'reviewSummary',
  'review',
];

/**
 * Writes validated records in batches, as upserts on their natural keys: loading the same records
 * twice leaves the same rows. A record replaces what it describes (a property's texts, a room
 * night's stop-sells); channel collections are only ever added, never changed.
 */
export class RecordWriter {
  private buffers = emptyBuffers();
  /** The room night columns of the batch written last, for the batch after next once it is written. */
  private spare: RoomNightColumns | undefined;
  /**
   * The batch being written while the next one is read and checked: PostgreSQL and the parsing
   * work side by side. One at a time, so batches are written in file order and at most two are
   * in memory.
   */
  private writing: Promise<void> = Promise.resolve();

  /**
   * With `changes`, the calendar figures each batch replaces are told to it as the batch is
   * written; with `aside` too, what they changed is set aside there after each batch.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly changes?: WriteChanges,
    private readonly aside?: ChangesSetAside,
  ) {}

  /**
   * Buffers the record. When that fills its type's batch, returns the wait for the batch before
   * (to await); otherwise nothing, so a load of millions of records is not a promise apiece.
   */
  add<T extends DataRecordType>(record: RecordOf<T>): Promise<void> | undefined {
    if (record.type === 'ari') this.buffers.ari.add(record as RecordOf<'ari'>);
    else (this.buffers[record.type as Exclude<T, 'ari'>] as RecordOf<T>[]).push(record);
    return this.buffers[record.type].length >= FLUSH_AT[record.type] ? this.startWriting() : undefined;
  }

  /** Writes everything buffered; rejects with the first failure of any batch. */
  async flush(): Promise<void> {
    await this.startWriting();
    await this.writing;
  }

  /**
   * Waits for the batch under way, failed or not. The transaction must not end before it: a
   * statement sent after the rollback would run outside it.
   */
  async settle(): Promise<void> {
    await this.writing.catch(() => undefined);
  }

  /** Once the batch under way is written (its failure is thrown here), starts writing the buffered one. */
  private async startWriting(): Promise<void> {
    await this.writing;
    const buffers = this.buffers;
    this.buffers = emptyBuffers(this.spare);
    this.spare = buffers.ari;
    this.writing = this.write(buffers);
    // Awaited by the next call; marked handled so a failure meanwhile is not an unhandled rejection.
    this.writing.catch(() => undefined);
  }

  private async write(buffers: Buffers): Promise<void> {
    for (const type of FLUSH_ORDER) {
      if (buffers[type].length === 0) continue;
      if (type === 'night') await writeNights(this.db, buffers.night, this.changes);
      else if (type === 'ari') await writeAri(this.db, buffers.ari, this.changes);
      else await WRITERS[type](this.db, buffers[type] as never);
    }
    if (this.aside && this.changes) await this.aside.keep(this.changes.setAside());
  }
}

function emptyBuffers(written?: RoomNightColumns): Buffers {
  written?.clear();
  const buffers = Object.fromEntries(FLUSH_ORDER.map((type) => [type, []])) as unknown as Buffers;
  buffers.ari = written ?? new RoomNightColumns(FLUSH_AT.ari);
  return buffers;
}

type Writer<T extends Exclude<DataRecordType, 'night' | 'ari'>> = (db: Kysely<Database>, records: readonly RecordOf<T>[]) => Promise<void>;

/** The last record wins when one batch names the same key twice (ON CONFLICT may not touch a row twice). */
function lastByKey<R>(records: readonly R[], keyOf: (record: R) => string): R[] {
  return [...new Map(records.map((record) => [keyOf(record), record])).values()];
}

/** The primary and unique keys' orders. */
const nightOrder = (a: RecordOf<'night'>, b: RecordOf<'night'>): number => byText(a.property, b.property) || byText(a.date, b.date);
const exchangeRateOrder = (a: RecordOf<'exchangeRate'>, b: RecordOf<'exchangeRate'>): number =>
  byText(a.currency, b.currency) || byText(a.base, b.base) || byText(a.asOf, b.asOf);
const channelShopOrder = (a: RecordOf<'channelShop'>, b: RecordOf<'channelShop'>): number =>
  byText(a.property, b.property) ||
  byText(a.arrival, b.arrival) ||
  a.nights - b.nights ||
  a.adults - b.adults ||
  a.children - b.children ||
  Date.parse(a.collectedAt) - Date.parse(b.collectedAt);

const json = (value: unknown): string => JSON.stringify(value);

/**
 * The calendar's writers read the figures they replace in the statement that replaces them (a
 * statement's sub-queries all see the rows as they were before it), so a write's changes cost no
 * extra round trip. What existed is read as one range scan per property of the batch (its first
 * to last night, its rooms), not looked up record by record: a batch names a few properties'
 * runs of nights, and a range costs about what one lookup does. The rows come back as they are
 * and are matched to the records in figures-before.ts, so PostgreSQL joins nothing (with no
 * statistics on a batch, a join could be planned as a nested loop of batch by rows found).
 */
async function writeNights(db: Kysely<Database>, all: readonly RecordOf<'night'>[], changes: WriteChanges | undefined): Promise<void> {
  const records = lastInKeyOrder(all, nightOrder);
  const { rows } = await sql<NightRowBefore>`
    with k as (
      select * from unnest(${textArray(records.map((r) => r.property))}::text[], ${textArray(records.map((r) => r.date))}::date[],
                           ${numberArray(records.map((r) => r.demandFactor))}::float8[], ${numberArray(records.map((r) => r.minStay))}::int[])
        as k(property_code, night, demand_factor, min_stay)),
    p as (select property_code, min(night) as first, max(night) as last from k group by property_code),
    before as (
      select n.* from p cross join lateral (${inRange(sql`
        select n.property_code, n.night::text as night, n.demand_factor, n.min_stay from property_nights n
        where n.property_code = p.property_code and n.night between p.first and p.last`)}) n),
    ${writtenFromK('property_nights', ['property_code', 'night'], ['demand_factor', 'min_stay'])}
    select * from before`.execute(db);
  if (changes) tellNights(records, rows, changes);
}

/**
 * The statement's parts that write its rows `k`: those `before` read (matched on `key`; it holds
 * nights as text) upserted, a row whose figures are the same left as it is; the others (a load's
 * new calendar, mostly) simply inserted, as an insert that may conflict costs PostgreSQL a
 * speculative insertion a row, more than the row itself. A writer that adds the same rows
 * meanwhile makes the plain insert fail with a unique violation, and nothing is applied (the
 * write runs again, write-conflicts.ts). Both parts go in key order, the new rows first, in every writer.
 */
function writtenFromK(table: 'room_nights' | 'property_nights', key: readonly string[], figures: readonly string[]): RawBuilder<unknown> {
  const columns = sql.join([...key, ...figures].map((column) => sql.ref(column)));
  const into = sql`${sql.table(table)} (${columns})`;
  const found = sql`exists (select from before b where ${sql.join(
    key.map((column) => sql`${sql.ref(`b.${column}`)} = ${sql.ref(`k.${column}`)}${column === 'night' ? sql`::text` : sql``}`),
    sql` and `,
  )})`;
  const excluded = (column: string) => sql.ref(`excluded.${column}`);
  return sql`
    fresh as (insert into ${into} select ${columns} from k where not ${found}),
    upserted as (
      insert into ${into} select ${columns} from k where ${found}
      on conflict (${sql.join(key.map((column) => sql.ref(column)))}) do update set ${sql.join(figures.map((column) => sql`${sql.ref(column)} = ${excluded(column)}`))}
      where (${sql.join(figures.map((column) => sql.ref(`${table}.${column}`)))}) is distinct from (${sql.join(figures.map(excluded))}))`;
}

/**
 * A property's range read by its own index scan: `offset 0` keeps the lateral sub-query from
 * being merged into a join the planner may turn into a scan of the whole table (a cost growing
 * with the calendar: a load slowed down as it went).
 */
const inRange = (select: RawBuilder<unknown>) => sql`${select} offset 0`;

async function writeAri(db: Kysely<Database>, batch: RoomNightColumns, changes: WriteChanges | undefined): Promise<void> {
  const nights = batch.inKeyOrder();
  const listed = (column: Parameters<typeof nights.listed>[0]) => sql`string_to_array(${nights.listed(column)}, ',')`;
  // The record is the whole truth about its room night: stop-sells it no longer lists are lifted,
  // those it adds inserted, after. A night whose figures are the same is left as it is: a
  // channel manager sends its whole state again and again, and an unchanged row costs no write.
  // Only a room night that exists can have stop-sells (they are written with it and deleted with its room).
  const { rows } = await sql<RoomNightRowBefore>`
    with k as (
      select * from unnest(${listed('property')}::text[], ${listed('room')}::text[], ${listed('date')}::date[],
                           ${listed('priceFactor')}::float8[], ${listed('roomsLeft')}::int[])
        as k(property_code, room_code, night, price_factor, rooms_left)),
    p as (select property_code, min(night) as first, max(night) as last, array_agg(distinct room_code) as rooms from k group by property_code),
    before as (
      select r.* from p cross join lateral (${inRange(sql`
        select r.property_code, r.room_code, r.night::text as night, r.price_factor, r.rooms_left, null::text as rate_plan, null::text as stop_sell_row
        from room_nights r where r.property_code = p.property_code and r.night between p.first and p.last and r.room_code = any(p.rooms)`)}) r
      union all
      select s.* from p cross join lateral (${inRange(sql`
        select s.property_code, s.room_code, s.night::text as night, null::float8, null::int, s.rate_plan_code, s.ctid::text
        from stop_sells s where s.property_code = p.property_code and s.night between p.first and p.last and s.room_code = any(p.rooms)`)}) s),
    ${writtenFromK('room_nights', ['property_code', 'night', 'room_code'], ['price_factor', 'rooms_left'])}
    select * from before`.execute(db);
  const { was, lifted, closed } = roomNightsBefore(nights, rows);
  if (changes) tellRoomNights(nights, was, changes);
  if (lifted.length === 0 && closed.length === 0) return;
  // Lifted by the row ids read above; in the same statement as those closed (never the same rows).
  await sql`
    with lifted as (delete from stop_sells where ctid = any(${textArray(lifted)}::tid[]))
    insert into stop_sells (property_code, room_code, rate_plan_code, night)
    select * from unnest(${textArray(closed.map((r) => r.property))}::text[], ${textArray(closed.map((r) => r.room))}::text[],
                         ${textArray(closed.map((r) => r.ratePlan))}::text[], ${textArray(closed.map((r) => r.date))}::date[])
    on conflict do nothing`.execute(db);
}

const WRITERS: { readonly [T in Exclude<DataRecordType, 'night' | 'ari'>]: Writer<T> } = {
  chain: async (db, records) => {
    await db
      .insertInto('chains')
      .values(lastByKey(records, (r) => r.code).map((r) => ({ code: r.code, name: r.name, centre_lat: r.centre.lat, centre_lon: r.centre.lon, widget_origins: r.widgetOrigins })))
      .onConflict((oc) =>
        oc.column('code').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          centre_lat: eb.ref('excluded.centre_lat'),
          centre_lon: eb.ref('excluded.centre_lon'),
          widget_origins: eb.ref('excluded.widget_origins'),
        })),
      )
      .execute();
  },

  property: async (db, all) => {
    const records = lastByKey(all, (r) => r.code);
    const rows = records.map((r) => ({
      code: r.code,
      chain_code: r.chain,
      destination: r.destination,
      country_code: r.countryCode,
      lat: r.location.lat,
      lon: r.location.lon,
      time_zone: r.timeZone,
      currency: r.currency,
      rating: r.rating,
      include_in_widget_search: r.includeInWidgetSearch,
      url: r.url,
      booking_url: r.bookingUrl,
      photo_default: r.photos.default,
      photo_medium: r.photos.medium,
      photo_large: r.photos.large,
      no_of_photos: r.noOfPhotos,
      beds: r.beds,
      bedrooms: r.bedrooms,
      bathrooms: r.bathrooms,
      nights_min: r.nightsMin,
      nights_max: r.nightsMax,
      rack_premium: r.rackPremium,
      city_tax_per_adult_night: r.cityTaxPerAdultNight,
    }));
    await db
      .insertInto('properties')
      .values(rows)
      .onConflict((oc) => oc.column('code').doUpdateSet((eb) => excludedAll(eb, rows[0], ['code'])))
      .execute();
    const codes = records.map((r) => r.code);
    await db.deleteFrom('property_texts').where('property_code', 'in', codes).execute();
    await db.deleteFrom('lead_time_bands').where('property_code', 'in', codes).execute();
    const texts = records.flatMap((r) =>
      Object.keys(r.name).map((language) => ({ property_code: r.code, language, name: r.name[language], description: r.description[language] ?? r.description.en })),
    );
    await db.insertInto('property_texts').values(texts).execute();
    const bands = records.flatMap((r) =>
      r.leadTime.map((band, position) => ({ property_code: r.code, position, max_days_ahead: band.maxDaysAhead, factor: band.factor })),
    );
    if (bands.length > 0) await db.insertInto('lead_time_bands').values(bands).execute();
  },

  room: async (db, all) => {
    const records = lastByKey(all, (r) => `${r.property}|${r.code}`);
    // A room's position is its place among the property's rooms: loaded order, kept on reload.
    const rows = records.map((r) => ({
      property_code: r.property,
      code: r.code,
      position: 0,
      active: r.active,
      max_adults: r.maxAdults,
      max_occupancy: r.maxOccupancy,
      base_nightly: r.baseNightly,
    }));
    await sql`
      insert into rooms (property_code, code, position, active, max_adults, max_occupancy, base_nightly)
      select r.property_code, r.code,
             coalesce((select max(position) + 1 from rooms where property_code = r.property_code), 0) + r.ordinal::int - 1,
             r.active, r.max_adults, r.max_occupancy, r.base_nightly
      from unnest(${rows.map((r) => r.property_code)}::text[], ${rows.map((r) => r.code)}::text[], ${rows.map((r) => r.active)}::bool[],
                  ${rows.map((r) => r.max_adults)}::int[], ${rows.map((r) => r.max_occupancy)}::int[], ${rows.map((r) => r.base_nightly)}::float8[])
           with ordinality as r(property_code, code, active, max_adults, max_occupancy, base_nightly, ordinal)
      on conflict (property_code, code) do update set
        active = excluded.active, max_adults = excluded.max_adults, max_occupancy = excluded.max_occupancy, base_nightly = excluded.base_nightly`.execute(db);
    await sql`
      delete from room_texts t using unnest(${records.map((r) => r.property)}::text[], ${records.map((r) => r.code)}::text[]) as r(property_code, room_code)
      where t.property_code = r.property_code and t.room_code = r.room_code`.execute(db);
    const texts = records.flatMap((r) =>
      Object.keys(r.name).map((language) => ({
        property_code: r.property,
        room_code: r.code,
        language,
        name: r.name[language],
        description: r.description[language] ?? r.description.en,
      })),
    );
    await db.insertInto('room_texts').values(texts).execute();
  },

  ratePlan: async (db, all) => {
    const records = lastByKey(all, (r) => `${r.property}|${r.code}`);
    const rows = records.map((r) => ({
      property_code: r.property,
      code: r.code,
      kind: r.kind,
      board_code: r.boardCode,
      extras: r.extras,
      free_cancellation_days: r.freeCancellationDays,
      be_rate_ids: r.beRateIds,
      board_supplement_per_guest: r.boardSupplementPerGuest,
      price_factor: r.priceFactor,
      member_factor: r.memberFactor,
      single_occupancy_factor: r.occupancy.singleOccupancyFactor,
      extra_adult_factor: r.occupancy.extraAdultFactor,
      child_factor: r.occupancy.childFactor,
      child_board_share: r.occupancy.childBoardShare,
    }));
    // A plan's position is its place among the property's plans: loaded order, kept on reload.
    await db
      .insertInto('rate_plans')
      .values(
        rows.map((row, index) => ({
          ...row,
          position: sql<number>`coalesce((select max(position) + 1 from rate_plans where property_code = ${row.property_code}), 0) + ${index}::int`,
        })),
      )
      .onConflict((oc) => oc.columns(['property_code', 'code']).doUpdateSet((eb) => excludedAll(eb, rows[0], ['property_code', 'code'])))
      .execute();
    await sql`
      delete from rate_plan_texts t using unnest(${records.map((r) => r.property)}::text[], ${records.map((r) => r.code)}::text[]) as r(property_code, rate_plan_code)
      where t.property_code = r.property_code and t.rate_plan_code = r.rate_plan_code`.execute(db);
    await db
      .insertInto('rate_plan_texts')
      .values(records.flatMap((r) => Object.keys(r.name).map((language) => ({ property_code: r.property, rate_plan_code: r.code, language, name: r.name[language] }))))
      .execute();
  },

  exchangeRate: async (db, all) => {
    const records = lastInKeyOrder(all, exchangeRateOrder);
    await db
      .insertInto('exchange_rates')
      .values(records.map((r) => ({ base: r.base, currency: r.currency, as_of: r.asOf, rate: r.rate })))
      .onConflict((oc) => oc.columns(['currency', 'base', 'as_of']).doUpdateSet((eb) => ({ rate: eb.ref('excluded.rate') })))
      .execute();
  },

  channelShop: async (db, all) => {
    const records = lastInKeyOrder(all, channelShopOrder);
    // A collection is history: loading it again finds it and adds nothing.
    const shops = await db
      .insertInto('channel_shops')
      .values(records.map((r) => ({ property_code: r.property, arrival: r.arrival, nights: r.nights, adults: r.adults, children: r.children, collected_at: r.collectedAt })))
      .onConflict((oc) =>
        oc.columns(['property_code', 'arrival', 'nights', 'adults', 'children', 'collected_at']).doUpdateSet((eb) => ({ nights: eb.ref('excluded.nights') })),
      )
      .returning(['id', 'property_code', 'arrival', 'nights', 'adults', 'children', 'collected_at'])
      .execute();
    const idOf = new Map(shops.map((s) => [`${s.property_code}|${s.arrival}|${s.nights}|${s.adults}|${s.children}|${s.collected_at.getTime()}`, s.id]));
    const prices = records.flatMap((r) => {
      const shopId = idOf.get(`${r.property}|${r.arrival}|${r.nights}|${r.adults}|${r.children}|${Date.parse(r.collectedAt)}`) as string;
      return r.prices.map((price) => ({ shopId, property: r.property, ...price }));
    });
    // In the unique key's order, like the rows above (see lastInKeyOrder).
    const order = (p: (typeof prices)[number]) => `${p.shopId.padStart(20, '0')}|${p.room}|${p.ratePlan}|${p.channel}`;
    prices.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
    if (prices.length === 0) return;
    await sql`
      insert into channel_prices (shop_id, property_code, room_code, rate_plan_code, channel, price)
      select * from unnest(${prices.map((p) => p.shopId)}::bigint[], ${prices.map((p) => p.property)}::text[], ${prices.map((p) => p.room)}::text[],
                           ${prices.map((p) => p.ratePlan)}::text[], ${prices.map((p) => p.channel)}::text[], ${prices.map((p) => p.price)}::float8[])
      on conflict do nothing`.execute(db);
  },

  reviewSummary: async (db, all) => {
    for (const r of lastByKey(all, (r) => r.property)) {
      await db
        .insertInto('review_summaries')
        .values({ property_code: r.property, updated_at: r.updatedAt, has_facilities: r.facilities !== null })
        .onConflict((oc) => oc.column('property_code').doUpdateSet((eb) => ({ updated_at: eb.ref('excluded.updated_at'), has_facilities: eb.ref('excluded.has_facilities') })))
        .execute();
      if (r.sources.length > 0) {
        await db
          .insertInto('review_sources')
          .values(r.sources.map((source, position) => ({ property_code: r.property, channel: source.channel, position, out_of_score: source.outOfScore })))
          .onConflict((oc) =>
            oc.columns(['property_code', 'channel']).doUpdateSet((eb) => ({ position: eb.ref('excluded.position'), out_of_score: eb.ref('excluded.out_of_score') })),
          )
          .execute();
      }
      await db.deleteFrom('facility_scores').where('property_code', '=', r.property).execute();
      if (r.facilities && r.facilities.length > 0) {
        await db
          .insertInto('facility_scores')
          .values(
            r.facilities.map((facility, position) => ({
              property_code: r.property,
              position,
              channel: facility.channel,
              facility: json(facility.facility),
              score: facility.score,
              collected_at: facility.timestamp,
            })),
          )
          .execute();
      }
      await db.deleteFrom('trip_type_scores').where('property_code', '=', r.property).execute();
      const figures = Object.entries(r.tripTypes ?? {}).flatMap(([tripType, { byLanguage, ...overall }]) => [
        { tripType, language: '', ...overall },
        ...Object.entries(byLanguage ?? {}).map(([language, perLanguage]) => ({ tripType, language, ...perLanguage })),
      ]);
      if (figures.length > 0) {
        await db
          .insertInto('trip_type_scores')
          .values(
            figures.map((f, position) => ({
              property_code: r.property,
              trip_type: f.tripType,
              review_language: f.language,
              position,
              reviews_percent: f.reviewsPercent,
              score: f.score,
              categories: json(f.categories),
            })),
          )
          .execute();
      }
    }
  },

  review: async (db, all) => {
    const records = lastByKey(all, (r) => `${r.property}|${r.id}`);
    const column = <K extends keyof (typeof records)[number]>(name: K) => records.map((r) => r[name]);
    await sql`
      insert into reviews (property_code, id, channel, score, name, category, date_reviewed, title, description, language, country, photo_url, hidden)
      select * from unnest(${column('property')}::text[], ${column('id')}::int[], ${column('channel')}::text[], ${column('score')}::float8[],
                           ${column('name')}::text[], ${column('category')}::text[], ${column('dateReviewed')}::date[], ${column('title')}::text[],
                           ${column('description')}::text[], ${column('language')}::text[], ${column('country')}::text[],
                           ${records.map((r) => r.photoUrl ?? null)}::text[], ${column('hidden')}::bool[])
      on conflict (property_code, id) do update set
        channel = excluded.channel, score = excluded.score, name = excluded.name, category = excluded.category,
        date_reviewed = excluded.date_reviewed, title = excluded.title, description = excluded.description,
        language = excluded.language, country = excluded.country, photo_url = excluded.photo_url, hidden = excluded.hidden`.execute(db);
  },
};

/** `SET column = excluded.column` for every column of the row but the key. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function excludedAll(eb: any, row: object, key: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.keys(row).filter((column) => !key.includes(column)).map((column) => [column, eb.ref(`excluded.${column}`)]));
}
