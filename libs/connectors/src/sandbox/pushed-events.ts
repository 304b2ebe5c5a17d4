import type { NumberedRecord } from '../data-format/parse-record.js';
import { WriteChanges } from '../events/change-rules.js';
import type { MemoryParityLedger } from '../events/memory-parity-ledger.js';
import type { EventLog } from '../ports/event-log.js';
import type { WriteReceipt } from '../ports/data-writer.js';
import { parseIsoDate } from '../pricing/calendar.js';
import type { SandboxDataset } from './dataset.js';

/**
 * A push to the sandbox with its events: the figures it replaces are read first (pushed or
 * generated), the push applied, then the shared change rules (WriteChanges) tell what really
 * changed. A push refused applies nothing and tells nothing.
 */
export function writeWithEvents(dataset: SandboxDataset, log: EventLog, parity: MemoryParityLedger, records: readonly NumberedRecord[]): WriteReceipt {
  const changes = new WriteChanges('push');
  for (const { record } of records) {
    changes.record(record);
    if (record.type !== 'night' && record.type !== 'ari') continue;
    const sandbox = dataset.findProperty(record.property);
    // An unknown property: the write below refuses the push.
    if (!sandbox) continue;
    const calendar = dataset.calendarOf(sandbox);
    const day = parseIsoDate(record.date);
    if (record.type === 'night') {
      changes.night({ property: record.property, date: record.date, before: calendar.night(day), after: { demandFactor: record.demandFactor, minStay: record.minStay } });
    } else {
      const figures = calendar.roomNight(record.room, day);
      const stopSell = sandbox.ratePlans.map(({ plan }) => plan.code).filter((plan) => calendar.isStopSold(record.room, plan, day));
      changes.roomNight({
        property: record.property,
        room: record.room,
        date: record.date,
        before: figures && { priceFactor: figures.priceFactor, roomsLeft: figures.roomsLeft, stopSell },
        after: { priceFactor: record.priceFactor, roomsLeft: record.roomsLeft, stopSell: record.stopSell },
      });
    }
  }
  const receipt = dataset.pushes.write(records);
  parity.record(changes.parityChecks());
  // The memory log appends before its promise settles: the events are in the feed when the push answers.
  void log.append(changes.events((code) => dataset.requireProperty(code).property.chainCode, receipt.dataVersion));
  return receipt;
}
