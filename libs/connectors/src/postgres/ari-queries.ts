import { sql, type Kysely } from 'kysely';
import { formatIsoDate, type EpochDay } from '../pricing/calendar.js';
import type { AriCalendar, NightRates, RoomNightRates } from '../pricing/rate-rules.js';
import type { Database } from './database.js';

/** One room type's ARI over the window: a price factor (NaN: no ARI that night) and rooms left per night. */
interface RoomColumns {
  readonly priceFactors: Float64Array;
  readonly roomsLeft: Int32Array;
}

/**
 * A property's ARI for a window of nights, column by column: typed arrays indexed by night within
 * the window (NaN where a night or room night was never loaded, which is not for sale), and
 * stop-sells by night. Compact enough to keep a chain of thousands for months in memory
 * (kept-ari.ts), and figures are handed out as the small objects the pricing code reads. Every
 * column is a view of one buffer per property (layOut): a chain's tens of thousands of room
 * columns would otherwise be as many buffers for the garbage collector to track.
 */
export class LoadedCalendar implements AriCalendar {
  demandFactors = new Float64Array(0);
  minStays = new Int32Array(0);
  readonly rooms = new Map<string, RoomColumns>();
  /** Per night in the window: `room|plan` of each stop-sell; most nights have none (an array: read for every room, plan and night priced). */
  readonly stopSells: (Set<string> | undefined)[] = [];
  /** Whether any row was read: a property without ARI in the window is not worth keeping. */
  hasRows = false;
  private lastRoomCode: string | undefined;
  private lastRoom: RoomColumns | undefined;

  /** Without columns (no night for sale) until laid out. */
  constructor(
    readonly first: EpochDay,
    readonly length: number,
  ) {}

  /** Nights of figures held (the property's and each room's), what a cache weighs it by. */
  get size(): number {
    return this.length * (1 + this.rooms.size);
  }

  night(day: EpochDay): NightRates | undefined {
    const index = day - this.first;
    const demandFactor = this.demandFactors[index];
    if (demandFactor === undefined || Number.isNaN(demandFactor)) return undefined;
    return { demandFactor, minStay: this.minStays[index] };
  }

  roomNight(roomCode: string, day: EpochDay): RoomNightRates | undefined {
    // Pricing asks a room's nights one after another: its columns are looked up once for them.
    if (roomCode !== this.lastRoomCode) [this.lastRoomCode, this.lastRoom] = [roomCode, this.rooms.get(roomCode)];
    const room = this.lastRoom;
    if (!room) return undefined;
    const index = day - this.first;
    const priceFactor = room.priceFactors[index];
    if (priceFactor === undefined || Number.isNaN(priceFactor)) return undefined;
    return { priceFactor, roomsLeft: room.roomsLeft[index] };
  }

  isStopSold(roomCode: string, ratePlanCode: string, day: EpochDay): boolean {
    const stopSold = this.stopSells[day - this.first];
    return stopSold !== undefined && stopSold.has(`${roomCode}|${ratePlanCode}`);
  }

  /** Gives the property and each of `roomCodes` their columns, in one buffer (floats first, then integers), no night for sale until set. */
  layOut(roomCodes: readonly string[]): void {
    const columns = 1 + roomCodes.length;
    const buffer = new ArrayBuffer(columns * this.length * 12);
    const floats = (column: number) => new Float64Array(buffer, column * this.length * 8, this.length).fill(Number.NaN);
    const integers = (column: number) => new Int32Array(buffer, columns * this.length * 8 + column * this.length * 4, this.length);
    [this.demandFactors, this.minStays] = [floats(0), integers(0)];
    roomCodes.forEach((roomCode, index) => this.rooms.set(roomCode, { priceFactors: floats(1 + index), roomsLeft: integers(1 + index) }));
  }
}

/** What a row of readCalendarsOf's answer holds: a property's nights, a room's nights, or the nights a room and plan are stop-sold. */
const PROPERTY_NIGHTS = 0;
const ROOM_NIGHTS = 1;
const STOP_SELLS = 2;

/** Bytes a night takes in a row's figures: its index in the window (int4), a factor (float8) and a count (int4). */
const NIGHT_BYTES = 16;

/**
 * The ARI of every property named, for nights from `first` (included) to `end` (excluded), in one
 * query whatever the number of properties: each table one range scan per property of its primary
 * key, and one row back per property, room, or room and plan stop-sold, its nights packed in one
 * bytea (PostgreSQL's binary send of each figure, big-endian). Node then decodes a few rows per
 * property into the typed arrays straight from bytes, not a row object or a line of text per night:
 * parsing either cost more than the scans themselves for a chain of thousands. Floats travel as
 * their eight bytes, so they are the very numbers stored. Every code named has a calendar, empty
 * when unknown.
 */
export async function readCalendarsOf(
  db: Kysely<Database>,
  codes: readonly string[],
  first: EpochDay,
  end: EpochDay,
): Promise<Map<string, LoadedCalendar>> {
  const length = Math.max(0, end - first);
  const calendars = new Map<string, LoadedCalendar>(codes.map((code) => [code, new LoadedCalendar(first, length)]));
  if (codes.length === 0 || length === 0) return calendars;
  const from = sql`${formatIsoDate(first)}::date`;
  const until = sql`${formatIsoDate(end)}::date`;
  // Each property's rows are one range scan of the primary key, grouped by room there: a grouping
  // of the batch's hundreds of thousands of rows at once would spill to disk.
  const { rows } = await sql<{ figures: number; property_code: string; key: string | null; nights: Buffer }>`
    with wanted(code) as (select unnest(${codes as string[]}::text[]))
    select ${sql.lit(PROPERTY_NIGHTS)} as figures, w.code as property_code, null as key, n.nights
      from wanted w cross join lateral (
        select string_agg(int4send(n.night - ${from}) || float8send(n.demand_factor) || int4send(n.min_stay), ''::bytea) as nights
          from property_nights n where n.property_code = w.code and n.night >= ${from} and n.night < ${until}) n
      where n.nights is not null
    union all
    select ${sql.lit(ROOM_NIGHTS)}, w.code, r.room_code, r.nights
      from wanted w cross join lateral (
        select r.room_code, string_agg(int4send(r.night - ${from}) || float8send(r.price_factor) || int4send(r.rooms_left), ''::bytea) as nights
          from room_nights r where r.property_code = w.code and r.night >= ${from} and r.night < ${until} group by r.room_code) r
    union all
    select ${sql.lit(STOP_SELLS)}, w.code, s.key, s.nights
      from wanted w cross join lateral (
        select s.room_code || '|' || s.rate_plan_code as key, string_agg(int4send(s.night - ${from}), ''::bytea) as nights
          from stop_sells s where s.property_code = w.code and s.night >= ${from} and s.night < ${until} group by s.room_code, s.rate_plan_code) s`.execute(db);
  const roomCodes = new Map<LoadedCalendar, string[]>();
  for (const { figures, property_code: code, key } of rows) {
    const calendar = calendars.get(code);
    if (!calendar) continue;
    let rooms = roomCodes.get(calendar);
    if (!rooms) roomCodes.set(calendar, (rooms = []));
    if (figures === ROOM_NIGHTS) rooms.push(key as string);
  }
  for (const [calendar, rooms] of roomCodes) {
    calendar.layOut(rooms);
    calendar.hasRows = true;
  }
  for (const { figures, property_code: code, key, nights } of rows) {
    const calendar = calendars.get(code);
    if (!calendar) continue;
    const bytes = new DataView(nights.buffer, nights.byteOffset, nights.byteLength);
    if (figures === STOP_SELLS) {
      for (let at = 0; at < bytes.byteLength; at += 4) (calendar.stopSells[bytes.getInt32(at)] ??= new Set()).add(key as string);
      continue;
    }
    const room = figures === ROOM_NIGHTS ? calendar.rooms.get(key as string) : undefined;
    const factors = room?.priceFactors ?? calendar.demandFactors;
    const counts = room?.roomsLeft ?? calendar.minStays;
    for (let at = 0; at < bytes.byteLength; at += NIGHT_BYTES) {
      const index = bytes.getInt32(at);
      factors[index] = bytes.getFloat64(at + 4);
      counts[index] = bytes.getInt32(at + 12);
    }
  }
  return calendars;
}

/** As readCalendarsOf, as a lookup: a code not asked for has an empty calendar. */
export async function readCalendars(
  db: Kysely<Database>,
  codes: readonly string[],
  first: EpochDay,
  end: EpochDay,
): Promise<(propertyCode: string) => AriCalendar> {
  const calendars = await readCalendarsOf(db, codes, first, end);
  const empty = new LoadedCalendar(first, 0);
  return (propertyCode) => calendars.get(propertyCode) ?? empty;
}
