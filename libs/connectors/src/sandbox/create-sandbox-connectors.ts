import { memoryEventLog } from '../events/memory-event-log.js';
import { MemoryParityLedger } from '../events/memory-parity-ledger.js';
import { writeWithEvents } from './pushed-events.js';
import type { Connectors } from '../ports/index.js';
import { SandboxBookingEngine } from './booking-engine.js';
import { SandboxDataset } from './dataset.js';
import { SandboxExchangeRates } from './exchange-rates.js';
import { SandboxPropertyCatalog } from './property-catalog.js';
import { SandboxRateShopper } from './rate-shopper.js';
import { SandboxReviewsSource } from './reviews-source.js';
import { RememberedPushes } from './remembered-pushes.js';
import { IDEMPOTENCY_RETENTION_MS } from '../ports/data-writer.js';

export interface SandboxOptions {
  /** The clock: what "today" and lead times are measured from. Tests pin it. */
  readonly now?: () => Date;
  /** How long a push's Idempotency-Key is remembered. */
  readonly idempotencyRetentionMs?: number;
}

/**
 * The embedded default data source: every port over one deterministic generated world, with no
 * network. Each call builds a fresh world, generated lazily and kept for the instance's life.
 */
export function createSandboxConnectors({ now = () => new Date(), idempotencyRetentionMs = IDEMPOTENCY_RETENTION_MS }: SandboxOptions = {}): Connectors {
  const dataset = new SandboxDataset();
  const rememberedPushes = new RememberedPushes(idempotencyRetentionMs);
  const events = memoryEventLog(now);
  // The change's events and parity work are kept with the push (pushed-events.ts).
  const parity = new MemoryParityLedger(events);
  return {
    catalog: new SandboxPropertyCatalog(dataset),
    rateShopper: new SandboxRateShopper(dataset, now),
    reviews: new SandboxReviewsSource(dataset),
    bookingEngine: new SandboxBookingEngine(dataset, now),
    exchangeRates: new SandboxExchangeRates(),
    writeRecords: async (records, idempotency) => rememberedPushes.run(idempotency, () => writeWithEvents(dataset, events, parity, records)),
    events,
    parity,
    inProcess: true,
  };
}
