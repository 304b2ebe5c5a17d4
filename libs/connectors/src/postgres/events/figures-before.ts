import type { RecordOf } from '@hotelapi/domain';
import type { RoomNightFigures, WriteChanges } from '../../events/change-rules.js';

/** A night's figures as the statement that replaced them read them (record-writer.ts). */
export interface NightRowBefore {
  readonly property_code: string;
  readonly night: string;
  readonly demand_factor: number;
  readonly min_stay: number;
}

/** A room night's figures, with its stop-sells, as the statement that replaced them read them. */
export interface RoomNightRowBefore {
  readonly property_code: string;
  readonly room_code: string;
  readonly night: string;
  readonly price_factor: number;
  readonly rooms_left: number;
  readonly stop_sell: readonly string[] | null;
}

/**
 * Tells `changes` what a batch of nights replaced: `before` holds the rows that existed (read by
 * the very statement that wrote the batch, so nothing is read back apart); the others are new.
 */
export function tellNights(records: readonly RecordOf<'night'>[], before: readonly NightRowBefore[], changes: WriteChanges): void {
  const was = new Map(before.map((row) => [`${row.property_code}|${row.night}`, { demandFactor: row.demand_factor, minStay: row.min_stay }]));
  for (const r of records) changes.night({ property: r.property, date: r.date, before: was.get(`${r.property}|${r.date}`), after: { demandFactor: r.demandFactor, minStay: r.minStay } });
}

/** As `tellNights`, for room nights and their stop-sells. */
export function tellRoomNights(records: readonly RecordOf<'ari'>[], before: readonly RoomNightRowBefore[], changes: WriteChanges): void {
  const was = new Map<string, RoomNightFigures>(
    before.map((row) => [`${row.property_code}|${row.room_code}|${row.night}`, { priceFactor: row.price_factor, roomsLeft: row.rooms_left, stopSell: row.stop_sell ?? [] }]),
  );
  for (const r of records) {
    changes.roomNight({
      property: r.property,
      room: r.room,
      date: r.date,
      before: was.get(`${r.property}|${r.room}|${r.date}`),
      after: { priceFactor: r.priceFactor, roomsLeft: r.roomsLeft, stopSell: r.stopSell },
    });
  }
}
