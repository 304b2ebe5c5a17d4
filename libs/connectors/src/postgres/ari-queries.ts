import { sql, type Kysely } from 'kysely';
import { formatIsoDate, type EpochDay } from '../pricing/calendar.js';
import type { AriCalendar, NightRates, RoomNightRates } from '../pricing/rate-rules.js';
import type { Database } from './database.js';

/**
 * A property's ARI read for a window of nights; nights outside it, or never loaded, are not for
 * sale. Indexed by night within the window (arrays, not maps keyed by day) and stop-sells by night
 * first, so pricing a chain asks without building a key string for each room, plan and night.
 */
class LoadedCalendar implements AriCalendar {
  readonly nights: (NightRates | undefined)[] = [];
  readonly roomNights = new Map<string, (RoomNightRates | undefined)[]>();
  /** Per night in the window: `room|plan` of each stop-sell; most nights have none. */
  readonly stopSells: (Set<string> | undefined)[] = [];

  constructor(readonly first: EpochDay) {}

  night(day: EpochDay): NightRates | undefined {
    return this.nights[day - this.first];
  }

  roomNight(roomCode: string, day: EpochDay): RoomNightRates | undefined {
    return this.roomNights.get(roomCode)?.[day - this.first];
  }

  isStopSold(roomCode: string, ratePlanCode: string, day: EpochDay): boolean {
    const stopSold = this.stopSells[day - this.first];
    return stopSold !== undefined && stopSold.has(`${roomCode}|${ratePlanCode}`);
  }
}

/**
 * The ARI of every property named, for nights from `first` (included) to `end` (excluded), in one
 * query whatever the number of properties: each table one range scan per property of its primary
 * key, and each sent back as one text of a line per row, nights as epoch days (no date text to
 * parse). Not JSON nor a row object per night: building and parsing either cost more than the
 * scans themselves for a chain of thousands. Floats travel as PostgreSQL's shortest exact text,
 * so they parse to the very numbers stored.
 */
export async function readCalendars(
  db: Kysely<Database>,
  codes: readonly string[],
  first: EpochDay,
  end: EpochDay,
): Promise<(propertyCode: string) => AriCalendar> {
  const calendars = new Map<string, LoadedCalendar>(codes.map((code) => [code, new LoadedCalendar(first)]));
  const calendarOf = (propertyCode: string): AriCalendar => calendars.get(propertyCode) ?? new LoadedCalendar(first);
  if (codes.length === 0 || end <= first) return calendarOf;
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
    if (calendar) calendar.nights[Number(day) - first] = { demandFactor: Number(demandFactor), minStay: Number(minStay) };
  });
  let calendar: LoadedCalendar | undefined;
  let calendarCode: string | undefined;
  eachLine(roomNights, 5, ([code, roomCode, day, priceFactor, roomsLeft]) => {
    // Rows mostly come property by property: the calendar is looked up once a run of them.
    if (code !== calendarCode) [calendarCode, calendar] = [code, calendars.get(code)];
    if (!calendar) return;
    let byNight = calendar.roomNights.get(roomCode);
    if (!byNight) calendar.roomNights.set(roomCode, (byNight = []));
    byNight[Number(day) - first] = { priceFactor: Number(priceFactor), roomsLeft: Number(roomsLeft) };
  });
  eachLine(stopSells, 4, ([code, roomCode, ratePlanCode, day]) => {
    const calendar = calendars.get(code);
    if (calendar) (calendar.stopSells[Number(day) - first] ??= new Set()).add(`${roomCode}|${ratePlanCode}`);
  });
  return calendarOf;
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
