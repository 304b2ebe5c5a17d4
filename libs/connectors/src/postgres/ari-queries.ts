import { sql, type Kysely } from 'kysely';
import { formatIsoDate, parseIsoDate, type EpochDay } from '../pricing/calendar.js';
import type { AriCalendar, NightRates, RoomNightRates } from '../pricing/rate-rules.js';
import type { Database } from './database.js';

/** A property's ARI read for a window of nights; nights outside it, or never loaded, are not for sale. */
class LoadedCalendar implements AriCalendar {
  readonly nights = new Map<EpochDay, NightRates>();
  readonly roomNights = new Map<string, Map<EpochDay, RoomNightRates>>();
  readonly stopSells = new Set<string>();

  night(day: EpochDay): NightRates | undefined {
    return this.nights.get(day);
  }

  roomNight(roomCode: string, day: EpochDay): RoomNightRates | undefined {
    return this.roomNights.get(roomCode)?.get(day);
  }

  isStopSold(roomCode: string, ratePlanCode: string, day: EpochDay): boolean {
    return this.stopSells.has(`${roomCode}|${ratePlanCode}|${day}`);
  }
}

/**
 * The ARI of every property named, for nights from `first` (included) to `end` (excluded): three
 * queries whatever the number of properties, each a range scan of its primary key.
 */
export async function readCalendars(
  db: Kysely<Database>,
  codes: readonly string[],
  first: EpochDay,
  end: EpochDay,
): Promise<(propertyCode: string) => AriCalendar> {
  const calendars = new Map<string, LoadedCalendar>(codes.map((code) => [code, new LoadedCalendar()]));
  const calendarOf = (propertyCode: string): AriCalendar => calendars.get(propertyCode) ?? new LoadedCalendar();
  if (codes.length === 0 || end <= first) return calendarOf;
  const wanted = sql<string>`any(${codes as string[]})`;
  const from = formatIsoDate(first);
  const until = formatIsoDate(end);
  const [nights, roomNights, stopSells] = await Promise.all([
    db
      .selectFrom('property_nights')
      .select(['property_code', 'night', 'demand_factor', 'min_stay'])
      .where('property_code', '=', wanted)
      .where('night', '>=', from)
      .where('night', '<', until)
      .execute(),
    db
      .selectFrom('room_nights')
      .select(['property_code', 'room_code', 'night', 'price_factor', 'rooms_left'])
      .where('property_code', '=', wanted)
      .where('night', '>=', from)
      .where('night', '<', until)
      .execute(),
    db
      .selectFrom('stop_sells')
      .select(['property_code', 'room_code', 'rate_plan_code', 'night'])
      .where('property_code', '=', wanted)
      .where('night', '>=', from)
      .where('night', '<', until)
      .execute(),
  ]);
  for (const row of nights) {
    calendars.get(row.property_code)?.nights.set(parseIsoDate(row.night), { demandFactor: row.demand_factor, minStay: row.min_stay });
  }
  for (const row of roomNights) {
    const calendar = calendars.get(row.property_code);
    if (!calendar) continue;
    let byDay = calendar.roomNights.get(row.room_code);
    if (!byDay) calendar.roomNights.set(row.room_code, (byDay = new Map()));
    byDay.set(parseIsoDate(row.night), { priceFactor: row.price_factor, roomsLeft: row.rooms_left });
  }
  for (const row of stopSells) {
    calendars.get(row.property_code)?.stopSells.add(`${row.room_code}|${row.rate_plan_code}|${parseIsoDate(row.night)}`);
  }
  return calendarOf;
}
