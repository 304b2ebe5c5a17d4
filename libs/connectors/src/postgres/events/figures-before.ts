import type { RecordOf } from '@hotelapi/domain';
import type { NightFigures, RoomNightFigures, WriteChanges } from '../../events/change-rules.js';

/** A night's figures as the statement that replaced them read them (record-writer.ts), by the record's position from 1. */
export interface NightRowBefore {
  readonly ordinal: number;
  readonly demand_factor: number;
  readonly min_stay: number;
}

/** A room night's figures, with its stop-sells, as the statement that replaced them read them. */
export interface RoomNightRowBefore {
  readonly ordinal: number;
  readonly price_factor: number;
  readonly rooms_left: number;
  readonly stop_sell: readonly string[] | null;
}

/**
 * Tells `changes` what a batch of nights replaced: `before` holds the rows that existed (read by
 * the very statement that wrote the batch, so nothing is read back apart); the others are new.
 */
export function tellNights(records: readonly RecordOf<'night'>[], before: readonly NightRowBefore[], changes: WriteChanges): void {
  const was: (NightFigures | undefined)[] = new Array(records.length);
  for (const row of before) was[row.ordinal - 1] = { demandFactor: row.demand_factor, minStay: row.min_stay };
  records.forEach((r, index) => changes.night({ property: r.property, date: r.date, before: was[index], after: { demandFactor: r.demandFactor, minStay: r.minStay } }));
}

/** As `tellNights`, for room nights and their stop-sells. */
export function tellRoomNights(records: readonly RecordOf<'ari'>[], before: readonly RoomNightRowBefore[], changes: WriteChanges): void {
  const was: (RoomNightFigures | undefined)[] = new Array(records.length);
  for (const row of before) was[row.ordinal - 1] = { priceFactor: row.price_factor, roomsLeft: row.rooms_left, stopSell: row.stop_sell ?? [] };
  records.forEach((r, index) =>
    changes.roomNight({ property: r.property, room: r.room, date: r.date, before: was[index], after: { priceFactor: r.priceFactor, roomsLeft: r.roomsLeft, stopSell: r.stopSell } }),
  );
}
