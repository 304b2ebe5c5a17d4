export type * from './booking-engine.js';
export type * from './data-writer.js';
export type * from './event-log.js';
export type * from './exchange-rates.js';
export type * from './parity-ledger.js';
export type * from './property-catalog.js';
export type * from './rate-shopper.js';
export type * from './reviews-source.js';
export type * from './stay.js';

import type { BookingEngine } from './booking-engine.js';
import type { OwnWrite, WriteRecords } from './data-writer.js';
import type { EventLog } from './event-log.js';
import type { ExchangeRates } from './exchange-rates.js';
import type { ParityLedger } from './parity-ledger.js';
import type { PropertyCatalog } from './property-catalog.js';
import type { RateShopper } from './rate-shopper.js';
import type { ReviewsSource } from './reviews-source.js';

/** Everything the API reads hotel data through. Routes and MCP tools never read data any other way. */
export interface Connectors {
  readonly catalog: PropertyCatalog;
  readonly rateShopper: RateShopper;
  readonly reviews: ReviewsSource;
  readonly bookingEngine: BookingEngine;
  readonly exchangeRates: ExchangeRates;
  /**
   * Answers are computed in this process from memory (the sandbox): a call cannot time out, be
   * refused or fail over, so the resilience policy has nothing to guard.
   */
  readonly inProcess?: boolean;
  /** Applies pushed records (`POST /v1/data`); absent where the store takes no pushes. */
  readonly writeRecords?: WriteRecords;
  /**
   * Brings what this process keeps of the data (its version, the properties' kept ARI) up to date
   * with a write it committed: a push is answered once the instance that took it serves it.
   * Absent where nothing is kept apart from the data.
   */
  readonly catchUp?: (write: OwnWrite) => Promise<void>;
  /** What changed, for the change feed and webhooks: in PostgreSQL, written with the change. */
  readonly events: EventLog;
  /** What parity must look at again and its last known statuses: written with the change, like events. */
  readonly parity: ParityLedger;
  /** Resolves when the data store can answer now, rejects when it cannot (readiness). Absent: always ready. */
  readonly ping?: () => Promise<void>;
  /** Releases connections at shutdown. */
  readonly close?: () => Promise<void>;
}
export type * from './webhook-store.js';
