import { sql, type Kysely } from 'kysely';
import { formatIsoDate, type EpochDay } from '../pricing/calendar.js';
import type { AriCalendar, NightRates, RoomNightRates } from '../pricing/rate-rules.js';
import type { Database } from './database.js';

/**
 * A property's ARI for a window of nights, column by column: the property's figures (demand
 * factor, minimum stay) in column 0 and each room's (price factor, rooms left) in a column of its
 * own, night by night, NaN where a night or room night was never loaded (not for sale); and
 * stop-sells as one bit per room, plan and night. Compact enough to keep a chain of thousands for
 * months in memory (kept-ari.ts), and figures are handed out as the small objects the pricing code
 * reads. All columns sit in two typed arrays per property (floats, integers) over one buffer, not a
 * view per column: a chain question read for its own nights made tens of thousands of views, for
 * the garbage collector too.
 */
export class LoadedCalendar implements AriCalendar {
  /** Column by column, `length` nights each: factors (NaN: not for sale), then the counts beside them. */
  private factors: Float64Array = new Float64Array(0);
  private counts: Int32Array = new Int32Array(0);
  /** Each room's column (from 1; the property's own figures are column 0). */
  private readonly roomColumns = new Map<string, number>();
  /**
   * Stop-sells, a bit per room column, plan and night, for the plans stop-sold somewhere in the
   * window (most properties have none, and no bits): not a map of sets per night, small objects
   * by the hundred thousand for a chain of thousands, each for the collector to mark.
   */
  private readonly stopSoldPlans = new Map<string, number>();
  private stopSold: Uint8Array | undefined;
  /** Per night, 1 when anything is stop-sold: most nights have nothing, and are answered without a lookup. */
  private stopSoldNights: Uint8Array | undefined;
  /** Whether any row was read: a property without ARI in the window is not worth keeping. */
  hasRows = false;
  private lastRoomCode: string | undefined;
  private lastRoomStart = -1;

  /** Without columns (no night for sale) until laid out. */
  constructor(
    readonly first: EpochDay,
    readonly length: number,
  ) {}

  /** Nights of figures held (the property's and each room's), what a cache weighs it by. */
  get size(): number {
    return this.length * (1 + this.roomColumns.size);
  }

  night(day: EpochDay): NightRates | undefined {
    const index = day - this.first;
    if (!(index >= 0 && index < this.length)) return undefined;
    const demandFactor = this.factors[index];
    if (demandFactor === undefined || Number.isNaN(demandFactor)) return undefined;
    return { demandFactor, minStay: this.counts[index] };
  }

  roomNight(roomCode: string, day: EpochDay): RoomNightRates | undefined {
    // Pricing asks a room's nights one after another: its column is looked up once for them.
    if (roomCode !== this.lastRoomCode) [this.lastRoomCode, this.lastRoomStart] = [roomCode, this.columnStart(this.roomColumns.get(roomCode))];
    const index = day - this.first;
    if (this.lastRoomStart < 0 || !(index >= 0 && index < this.length)) return undefined;
    const priceFactor = this.factors[this.lastRoomStart + index];
    if (Number.isNaN(priceFactor)) return undefined;
    return { priceFactor, roomsLeft: this.counts[this.lastRoomStart + index] };
  }

  isStopSold(roomCode: string, ratePlanCode: string, day: EpochDay): boolean {
    if (this.stopSold === undefined || this.stopSoldNights?.[day - this.first] !== 1) return false;
    const bit = this.stopSoldBit(roomCode, ratePlanCode, day - this.first);
    return bit >= 0 && (this.stopSold[bit >> 3] & (1 << (bit & 7))) !== 0;
  }

  /** Stop-sells the room and plan on the nights of a row's indexes (readCalendarsOf), a plan `layOut` was given. */
  setStopSells(roomCode: string, ratePlanCode: string, bytes: DataView): void {
    if (this.stopSold === undefined || this.stopSoldNights === undefined) return;
    for (let at = 0; at < bytes.byteLength; at += 4) {
      const index = bytes.getInt32(at);
      const bit = this.stopSoldBit(roomCode, ratePlanCode, index);
      if (bit < 0) continue;
      this.stopSold[bit >> 3] |= 1 << (bit & 7);
      this.stopSoldNights[index] = 1;
    }
  }

  /** The bit of a room, plan and night (an index in the window); -1 outside what the bits hold. */
  private stopSoldBit(roomCode: string, ratePlanCode: string, index: number): number {
    const plan = this.stopSoldPlans.get(ratePlanCode);
    const column = this.roomColumns.get(roomCode);
    if (plan === undefined || column === undefined || !(index >= 0 && index < this.length)) return -1;
    return ((column - 1) * this.stopSoldPlans.size + plan) * this.length + index;
  }

  /** Nights of figures `layOut(roomCodes)` makes room for. */
  nightsFor(roomCodes: readonly string[]): number {
    return (1 + roomCodes.length) * this.length;
  }

  /**
   * Gives the property and each of `roomCodes` their columns, no night for sale until set: in
   * `shared` when given, else in a buffer of its own; and bits for `stopSoldPlans`, none set.
   */
  layOut(roomCodes: readonly string[], stopSoldPlans: ReadonlySet<string>, shared?: SharedColumns): void {
    const nights = this.nightsFor(roomCodes);
    if (shared) [this.factors, this.counts] = shared.take(nights);
    else {
      // Both columns in one buffer: a chain's read lays out thousands of calendars, and each buffer is an allocation of its own.
      const buffer = new ArrayBuffer(nights * NIGHT_FIGURES_BYTES);
      this.factors = new Float64Array(buffer, 0, nights).fill(Number.NaN);
      this.counts = new Int32Array(buffer, nights * Float64Array.BYTES_PER_ELEMENT, nights);
    }
    roomCodes.forEach((roomCode, index) => this.roomColumns.set(roomCode, 1 + index));
    this.lastRoomCode = undefined;
    if (stopSoldPlans.size === 0 || roomCodes.length === 0) return;
    [...stopSoldPlans].forEach((plan, index) => this.stopSoldPlans.set(plan, index));
    this.stopSold = new Uint8Array(Math.ceil((roomCodes.length * stopSoldPlans.size * this.length) / 8));
    this.stopSoldNights = new Uint8Array(this.length);
  }

  /** Sets the nights of a row's figures (readCalendarsOf): the property's (room undefined) or a room's. */
  setNights(roomCode: string | undefined, bytes: DataView): void {
    const start = this.columnStart(roomCode === undefined ? 0 : this.roomColumns.get(roomCode));
    if (start < 0) return;
    for (let at = 0; at < bytes.byteLength; at += NIGHT_BYTES) {
      const night = start + bytes.getInt32(at);
      this.factors[night] = bytes.getFloat64(at + 4);
      this.counts[night] = bytes.getInt32(at + 12);
    }
  }

  /** Where a column's nights start in the arrays; -1 for a room without one. */
  private columnStart(column: number | undefined): number {
    return column === undefined || this.factors.length === 0 ? -1 : column * this.length;
  }
}

/** Bytes a night's figures take in memory: a factor (float) and a count (integer). */
const NIGHT_FIGURES_BYTES = Float64Array.BYTES_PER_ELEMENT + Int32Array.BYTES_PER_ELEMENT;

/**
 * The columns of every calendar of one read in one buffer, each calendar's a view of it: for a
 * read answering one question and dropped with it. A kept calendar has a buffer of its own, so
 * that dropping it (an event of its property) frees its memory.
 */
class SharedColumns {
  private readonly factors: Float64Array;
  private readonly counts: Int32Array;
  private taken = 0;

  constructor(nights: number) {
    const buffer = new ArrayBuffer(nights * NIGHT_FIGURES_BYTES);
    this.factors = new Float64Array(buffer, 0, nights).fill(Number.NaN);
    this.counts = new Int32Array(buffer, nights * Float64Array.BYTES_PER_ELEMENT, nights);
  }

  take(nights: number): [Float64Array, Int32Array] {
    const start = this.taken;
    this.taken += nights;
    return [this.factors.subarray(start, this.taken), this.counts.subarray(start, this.taken)];
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
  /** `shared`: the calendars answer one question and go with it (SharedColumns); `own`: they may be kept one by one. */
  columns: 'own' | 'shared' = 'own',
): Promise<Map<string, LoadedCalendar>> {
  const length = Math.max(0, end - first);
  const calendars = new Map<string, LoadedCalendar>(codes.map((code) => [code, new LoadedCalendar(first, length)]));
  if (codes.length === 0 || length === 0) return calendars;
  const from = sql`${formatIsoDate(first)}::date`;
  const until = sql`${formatIsoDate(end)}::date`;
  // Each property's rows are one range scan of the primary key, grouped by room there: a grouping
  // of the batch's hundreds of thousands of rows at once would spill to disk.
  const { rows } = await sql<{ figures: number; property_code: string; key: string | null; plan: string | null; nights: Buffer }>`
    with wanted(code) as (select unnest(${codes as string[]}::text[]))
    select ${sql.lit(PROPERTY_NIGHTS)} as figures, w.code as property_code, null as key, null as plan, n.nights
      from wanted w cross join lateral (
        select string_agg(int4send(n.night - ${from}) || float8send(n.demand_factor) || int4send(n.min_stay), ''::bytea) as nights
          from property_nights n where n.property_code = w.code and n.night >= ${from} and n.night < ${until}) n
      where n.nights is not null
    union all
    select ${sql.lit(ROOM_NIGHTS)}, w.code, r.room_code, null, r.nights
      from wanted w cross join lateral (
        select r.room_code, string_agg(int4send(r.night - ${from}) || float8send(r.price_factor) || int4send(r.rooms_left), ''::bytea) as nights
          from room_nights r where r.property_code = w.code and r.night >= ${from} and r.night < ${until} group by r.room_code) r
    union all
    select ${sql.lit(STOP_SELLS)}, w.code, s.room_code, s.rate_plan_code, s.nights
      from wanted w cross join lateral (
        select s.room_code, s.rate_plan_code, string_agg(int4send(s.night - ${from}), ''::bytea) as nights
          from stop_sells s where s.property_code = w.code and s.night >= ${from} and s.night < ${until} group by s.room_code, s.rate_plan_code) s`.execute(db);
  const layouts = new Map<LoadedCalendar, { rooms: string[]; stopSoldPlans: Set<string> }>();
  for (const { figures, property_code: code, key, plan } of rows) {
    const calendar = calendars.get(code);
    if (!calendar) continue;
    let layout = layouts.get(calendar);
    if (!layout) layouts.set(calendar, (layout = { rooms: [], stopSoldPlans: new Set() }));
    if (figures === ROOM_NIGHTS) layout.rooms.push(key as string);
    if (figures === STOP_SELLS) layout.stopSoldPlans.add(plan as string);
  }
  let shared: SharedColumns | undefined;
  if (columns === 'shared') {
    let nights = 0;
    for (const [calendar, { rooms }] of layouts) nights += calendar.nightsFor(rooms);
    shared = new SharedColumns(nights);
  }
  for (const [calendar, { rooms, stopSoldPlans }] of layouts) {
    calendar.layOut(rooms, stopSoldPlans, shared);
    calendar.hasRows = true;
  }
  for (const { figures, property_code: code, key, plan, nights } of rows) {
    const calendar = calendars.get(code);
    if (!calendar) continue;
    const bytes = new DataView(nights.buffer, nights.byteOffset, nights.byteLength);
    if (figures === STOP_SELLS) {
      calendar.setStopSells(key as string, plan as string, bytes);
      continue;
    }
    const room = figures === ROOM_NIGHTS ? (key as string) : undefined;
    calendar.setNights(room, bytes);
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
