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

type NightRow = [day: EpochDay, demandFactor: number, minStay: number];
type RoomNightRow = [roomCode: string, day: EpochDay, priceFactor: number, roomsLeft: number];
type StopSellRow = [roomCode: string, ratePlanCode: string, day: EpochDay];

/**
 * The ARI of every property named, for nights from `first` (included) to `end` (excluded), in one
 * query whatever the number of properties: a row per property, its nights, room nights and
 * stop-sells each a range scan of its primary key, aggregated as JSON (one parse, not a row
 * object per night) with nights as epoch days (no date text to parse).
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
  const from = sql`${formatIsoDate(first)}::date`;
  const until = sql`${formatIsoDate(end)}::date`;
  const { rows } = await sql<{ code: string; nights: NightRow[] | null; room_nights: RoomNightRow[] | null; stop_sells: StopSellRow[] | null }>`
    select c.code,
      (select json_agg(json_build_array(n.night - date '1970-01-01', n.demand_factor, n.min_stay)) from property_nights n
        where n.property_code = c.code and n.night >= ${from} and n.night < ${until}) as nights,
      (select json_agg(json_build_array(r.room_code, r.night - date '1970-01-01', r.price_factor, r.rooms_left)) from room_nights r
        where r.property_code = c.code and r.night >= ${from} and r.night < ${until}) as room_nights,
      (select json_agg(json_build_array(s.room_code, s.rate_plan_code, s.night - date '1970-01-01')) from stop_sells s
        where s.property_code = c.code and s.night >= ${from} and s.night < ${until}) as stop_sells
    from unnest(${codes as string[]}::text[]) as c(code)`.execute(db);
  for (const row of rows) {
    const calendar = calendars.get(row.code);
    if (!calendar) continue;
    for (const [day, demandFactor, minStay] of row.nights ?? []) calendar.nights[day - first] = { demandFactor, minStay };
    for (const [roomCode, day, priceFactor, roomsLeft] of row.room_nights ?? []) {
      let byNight = calendar.roomNights.get(roomCode);
      if (!byNight) calendar.roomNights.set(roomCode, (byNight = []));
      byNight[day - first] = { priceFactor, roomsLeft };
    }
    for (const [roomCode, ratePlanCode, day] of row.stop_sells ?? []) {
      const stopSold = (calendar.stopSells[day - first] ??= new Set());
      stopSold.add(`${roomCode}|${ratePlanCode}`);
    }
  }
  return calendarOf;
}
