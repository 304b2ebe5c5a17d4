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
 * (kept-ari.ts), and figures are handed out as the small objects the pricing code reads. Once
 * read, every column is a view of one buffer per property: a chain's tens of thousands of room
 * columns would otherwise be as many buffers for the garbage collector to track.
 */
export class LoadedCalendar implements AriCalendar {
  demandFactors: Float64Array;
  minStays: Int32Array;
  readonly rooms = new Map<string, RoomColumns>();
  /** Per night in the window: `room|plan` of each stop-sell; most nights have none (an array: read for every room, plan and night priced). */
  readonly stopSells: (Set<string> | undefined)[] = [];
  /** Whether any row was read: a property without ARI in the window is not worth keeping. */
  hasRows = false;

  constructor(
    readonly first: EpochDay,
    readonly length: number,
  ) {
    this.demandFactors = new Float64Array(length).fill(Number.NaN);
    this.minStays = new Int32Array(length);
  }

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
    const room = this.rooms.get(roomCode);
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

  roomColumns(roomCode: string): RoomColumns {
    let room = this.rooms.get(roomCode);
    if (!room) {
      room = { priceFactors: new Float64Array(this.length).fill(Number.NaN), roomsLeft: new Int32Array(this.length) };
      this.rooms.set(roomCode, room);
    }
    return room;
  }

  /** Moves every column into one buffer of the property's (floats first, then integers), once all rows are read. */
  compact(): void {
    const columns = 1 + this.rooms.size;
    const buffer = new ArrayBuffer(columns * this.length * 12);
    const floats = (column: number) => new Float64Array(buffer, column * this.length * 8, this.length);
    const integers = (column: number) => new Int32Array(buffer, columns * this.length * 8 + column * this.length * 4, this.length);
    const [demandFactors, minStays] = [floats(0), integers(0)];
    demandFactors.set(this.demandFactors);
    minStays.set(this.minStays);
    [this.demandFactors, this.minStays] = [demandFactors, minStays];
    let column = 1;
    for (const [roomCode, room] of this.rooms) {
      const moved = { priceFactors: floats(column), roomsLeft: integers(column) };
      moved.priceFactors.set(room.priceFactors);
      moved.roomsLeft.set(room.roomsLeft);
      this.rooms.set(roomCode, moved);
      column++;
    }
  }
}

/**
 * The ARI of every property named, for nights from `first` (included) to `end` (excluded), in one
 * query whatever the number of properties: each table one range scan per property of its primary
 * key, and each sent back as one text of a line per row, nights as epoch days (no date text to
 * parse). Not JSON nor a row object per night: building and parsing either cost more than the
 * scans themselves for a chain of thousands. Floats travel as PostgreSQL's shortest exact text,
 * so they parse to the very numbers stored. Every code named has a calendar, empty when unknown.
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
  const wanted = sql`any(${codes as string[]}::text[])`;
  const from = sql`${formatIsoDate(first)}::date`;
  const until = sql`${formatIsoDate(end)}::date`;
  const { rows } = await sql<{ nights: string | null; room_nights: string | null; stop_sells: string | null }>`
    select
      (select string_agg(concat_ws(' ', n.property_code, n.night - date '1970-01-01', n.demand_factor, n.min_stay), E'\n') from property_nights n
        where n.property_code = ${wanted} and n.night >= ${from} and n.night < ${until}) as nights,
      (select string_agg(concat_ws(' ', r.property_code, r.room_code, r.night - date '1970-01-01', r.price_factor, r.rooms_left), E'\n') from room_nights r
        where r.property_code = ${wanted} and r.night >= ${from} and r.night < ${until}) as room_nights,
      (select string_agg(concat_ws(' ', s.property_code, s.room_code, s.rate_plan_code, s.night - date '1970-01-01'), E'\n') from stop_sells s
        where s.property_code = ${wanted} and s.night >= ${from} and s.night < ${until}) as stop_sells`.execute(db);
  const { nights, room_nights: roomNights, stop_sells: stopSells } = rows[0] ?? {};
  eachLine(nights, 4, ([code, day, demandFactor, minStay]) => {
    const calendar = calendars.get(code);
    if (!calendar) return;
    const index = Number(day) - first;
    calendar.demandFactors[index] = Number(demandFactor);
    calendar.minStays[index] = Number(minStay);
    calendar.hasRows = true;
  });
  let calendar: LoadedCalendar | undefined;
  let calendarCode: string | undefined;
  eachLine(roomNights, 5, ([code, roomCode, day, priceFactor, roomsLeft]) => {
    // Rows mostly come property by property: the calendar is looked up once a run of them.
    if (code !== calendarCode) [calendarCode, calendar] = [code, calendars.get(code)];
    if (!calendar) return;
    const room = calendar.roomColumns(roomCode);
    const index = Number(day) - first;
    room.priceFactors[index] = Number(priceFactor);
    room.roomsLeft[index] = Number(roomsLeft);
    calendar.hasRows = true;
  });
  eachLine(stopSells, 4, ([code, roomCode, ratePlanCode, day]) => {
    const calendar = calendars.get(code);
    if (!calendar) return;
    const index = Number(day) - first;
    (calendar.stopSells[index] ??= new Set()).add(`${roomCode}|${ratePlanCode}`);
    calendar.hasRows = true;
  });
  for (const loaded of calendars.values()) if (loaded.hasRows) loaded.compact();
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

/** Each line of `text` (fields split by one space; codes hold none) as its `width` fields, in one array reused line after line. */
function eachLine(text: string | null | undefined, width: number, row: (fields: string[]) => void): void {
  if (!text) return;
  const fields = new Array<string>(width);
  let start = 0;
  while (start < text.length) {
    let lineEnd = text.indexOf('\n', start);
    if (lineEnd === -1) lineEnd = text.length;
    for (let field = 0; field < width; field++) {
      const fieldEnd = field === width - 1 ? lineEnd : text.indexOf(' ', start);
      fields[field] = text.slice(start, fieldEnd);
      start = fieldEnd + 1;
    }
    row(fields);
    start = lineEnd + 1;
  }
}
