import type { RecordOf } from '@hotelapi/domain';
import { sql, type Kysely } from 'kysely';
import type { WriteChanges } from '../../events/change-rules.js';
import type { Database } from '../database.js';

/**
 * Tells `changes` the figures a batch of nights replaces, read in the write's transaction just
 * before the batch is written (earlier batches of the same write included).
 */
export async function nightsBefore(db: Kysely<Database>, records: readonly RecordOf<'night'>[], changes: WriteChanges): Promise<void> {
  const last = new Map(records.map((r) => [`${r.property}|${r.date}`, r]));
  const rows = await sql<{ property_code: string; night: string; demand_factor: number; min_stay: number }>`
    select n.property_code, n.night::text as night, n.demand_factor, n.min_stay
    from property_nights n join unnest(${[...last.values()].map((r) => r.property)}::text[], ${[...last.values()].map((r) => r.date)}::date[]) as k(property_code, night)
      on n.property_code = k.property_code and n.night = k.night`.execute(db);
  const before = new Map(rows.rows.map((row) => [`${row.property_code}|${row.night}`, { demandFactor: row.demand_factor, minStay: row.min_stay }]));
  for (const [key, r] of last) changes.night({ property: r.property, date: r.date, before: before.get(key), after: { demandFactor: r.demandFactor, minStay: r.minStay } });
}

/** As `nightsBefore`, for room nights and their stop-sells. */
export async function roomNightsBefore(db: Kysely<Database>, records: readonly RecordOf<'ari'>[], changes: WriteChanges): Promise<void> {
  const last = [...new Map(records.map((r) => [`${r.property}|${r.room}|${r.date}`, r])).values()];
  const keys = sql`unnest(${last.map((r) => r.property)}::text[], ${last.map((r) => r.room)}::text[], ${last.map((r) => r.date)}::date[]) as k(property_code, room_code, night)`;
  const rows = await sql<{ property_code: string; room_code: string; night: string; price_factor: number; rooms_left: number }>`
    select r.property_code, r.room_code, r.night::text as night, r.price_factor, r.rooms_left
    from room_nights r join ${keys} on r.property_code = k.property_code and r.room_code = k.room_code and r.night = k.night`.execute(db);
  const stopSells = await sql<{ property_code: string; room_code: string; night: string; rate_plan_code: string }>`
    select s.property_code, s.room_code, s.night::text as night, s.rate_plan_code
    from stop_sells s join ${keys} on s.property_code = k.property_code and s.room_code = k.room_code and s.night = k.night`.execute(db);
  const closed = new Map<string, string[]>();
  for (const row of stopSells.rows) {
    const key = `${row.property_code}|${row.room_code}|${row.night}`;
    closed.set(key, [...(closed.get(key) ?? []), row.rate_plan_code]);
  }
  const before = new Map(
    rows.rows.map((row) => {
      const key = `${row.property_code}|${row.room_code}|${row.night}`;
      return [key, { priceFactor: row.price_factor, roomsLeft: row.rooms_left, stopSell: closed.get(key) ?? [] }];
    }),
  );
  for (const r of last) {
    changes.roomNight({
      property: r.property,
      room: r.room,
      date: r.date,
      before: before.get(`${r.property}|${r.room}|${r.date}`),
      after: { priceFactor: r.priceFactor, roomsLeft: r.roomsLeft, stopSell: r.stopSell },
    });
  }
}
