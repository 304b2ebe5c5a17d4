import type { RecordOf } from '@hotelapi/domain';
import type { NightFigures, RoomNightFigures, WriteChanges } from '../../events/change-rules.js';
import type { RoomNightRows } from '../loader/room-night-columns.js';

/** A night as it was before the batch's statement (record-writer.ts read it in its properties' ranges). */
export interface NightRowBefore {
  readonly property_code: string;
  readonly night: string;
  readonly demand_factor: number;
  readonly min_stay: number;
}

/**
 * A row the ARI statement read in its properties' ranges before writing: a room night's figures
 * (`rate_plan` null), or one of its stop-sells (`rate_plan` and the row's `stop_sell_row`).
 */
export interface RoomNightRowBefore {
  readonly property_code: string;
  readonly room_code: string;
  readonly night: string;
  readonly price_factor: number | null;
  readonly rooms_left: number | null;
  readonly rate_plan: string | null;
  readonly stop_sell_row: string | null;
}

/**
 * Tells `changes` what a batch of nights replaced. The ranges read hold the batch's nights that
 * existed and maybe others: only those the batch names count; the batch's others are new.
 */
export function tellNights(records: readonly RecordOf<'night'>[], before: readonly NightRowBefore[], changes: WriteChanges): void {
  const was: (NightFigures | undefined)[] = new Array(records.length);
  const night = (at: number) => records[at] as RecordOf<'night'>;
  const index = before.length > 0 ? positions(records.length, (at) => night(at).property, before, (at) => `${night(at).property}|${night(at).date}`) : undefined;
  for (const row of before) {
    const at = index?.get(`${row.property_code}|${row.night}`);
    if (at !== undefined) was[at] = { demandFactor: row.demand_factor, minStay: row.min_stay };
  }
  records.forEach((r, at) => changes.night({ property: r.property, date: r.date, before: was[at], after: { demandFactor: r.demandFactor, minStay: r.minStay } }));
}

/** A stop-sell a batch's room night adds. */
export interface ClosedRoomNight {
  readonly property: string;
  readonly room: string;
  readonly date: string;
  readonly ratePlan: string;
}

/** What a batch of room nights found before writing, by the room night's position, and the stop-sell rows its records lift. */
export interface RoomNightsBefore {
  readonly was: readonly (RoomNightFigures | undefined)[];
  /** Row ids of stop-sells the records no longer list. */
  readonly lifted: readonly string[];
  /** Stop-sells the records list that did not exist. */
  readonly closed: readonly ClosedRoomNight[];
}

/**
 * Matches the rows read to the batch's room nights (a stop-sell exists only with its room night):
 * the figures each replaced, the stop-sells to lift and those to insert.
 */
export function roomNightsBefore(nights: RoomNightRows, before: readonly RoomNightRowBefore[]): RoomNightsBefore {
  // None found (a load's new room nights, mostly): no array of as many holes.
  const was: { priceFactor: number; roomsLeft: number; stopSell: string[] }[] = before.length > 0 ? new Array(nights.length) : [];
  const lifted: string[] = [];
  // A batch of new room nights (a load's, mostly) read nothing: no keys to make.
  if (before.length > 0) {
    const index = positions(nights.length, nights.property, before, (at) => `${nights.property(at)}|${nights.room(at)}|${nights.date(at)}`);
    const stopRows: { at: number; ratePlan: string; row: string }[] = [];
    for (const row of before) {
      const at = index.get(`${row.property_code}|${row.room_code}|${row.night}`);
      if (at === undefined) continue;
      if (row.rate_plan === null) was[at] = { priceFactor: row.price_factor as number, roomsLeft: row.rooms_left as number, stopSell: [] };
      else stopRows.push({ at, ratePlan: row.rate_plan, row: row.stop_sell_row as string });
    }
    for (const { at, ratePlan, row } of stopRows) {
      const figures = was[at];
      if (!figures) continue;
      figures.stopSell.push(ratePlan);
      if (!nights.stopSell(at).includes(ratePlan)) lifted.push(row);
    }
  }
  const closed: ClosedRoomNight[] = [];
  for (let at = 0; at < nights.length; at++) {
    const stopSell = nights.stopSell(at);
    if (stopSell.length === 0) continue;
    for (const ratePlan of [...stopSell].sort()) {
      if (!was[at]?.stopSell.includes(ratePlan)) closed.push({ property: nights.property(at), room: nights.room(at), date: nights.date(at), ratePlan });
    }
  }
  return { was, lifted, closed };
}

/** As `tellNights`, for room nights and their stop-sells. */
export function tellRoomNights(nights: RoomNightRows, was: readonly (RoomNightFigures | undefined)[], changes: WriteChanges): void {
  for (let at = 0; at < nights.length; at++) {
    changes.roomNight({
      property: nights.property(at),
      room: nights.room(at),
      date: nights.date(at),
      before: was[at],
      after: { priceFactor: nights.priceFactor(at), roomsLeft: nights.roomsLeft(at), stopSell: nights.stopSell(at) },
    });
  }
}

/**
 * Where each record of the properties rows were read for sits in the batch. Only those: a load's
 * batch reads rows for the one property it shares with the batch before, not for its thousands
 * of other records.
 */
function positions(count: number, propertyAt: (at: number) => string, before: readonly { readonly property_code: string }[], keyAt: (at: number) => string): Map<string, number> {
  const read = new Set(before.map((row) => row.property_code));
  const index = new Map<string, number>();
  for (let at = 0; at < count; at++) if (read.has(propertyAt(at))) index.set(keyAt(at), at);
  return index;
}
