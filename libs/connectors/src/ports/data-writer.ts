import type { NumberedRecord } from '../data-format/parse-record.js';
import type { DataRecordType } from '@hotelapi/domain';

/** What one write applied: records per type, and the data version that serves them. */
export interface WriteReceipt {
  readonly counts: Readonly<Partial<Record<DataRecordType, number>>>;
  readonly dataVersion: number;
  /** True when the write survives a restart (PostgreSQL); false in the sandbox's memory. */
  readonly durable: boolean;
}

/**
 * A push's `Idempotency-Key`: within `scope` (the API key), the same key and the same body
 * (`fingerprint`) replay the first write's receipt instead of writing again.
 */
export interface IdempotentWrite {
  readonly scope: string;
  readonly key: string;
  readonly fingerprint: string;
}

/** How long an Idempotency-Key is remembered unless configured otherwise: a day, as Stripe does. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

/** A write this process committed, as what it keeps must follow it: the version and the properties it named. */
export interface OwnWrite {
  readonly dataVersion: number;
  readonly properties: Iterable<string>;
}

export interface WriteOutcome {
  readonly receipt: WriteReceipt;
  /** True when the receipt is an earlier write's, replayed for the same Idempotency-Key and body. */
  readonly replayed: boolean;
}

/**
 * Applies pushed records all or nothing, on the data format's rules: parents first, unknown
 * references refused (a `RecordError` naming the line), upserts on natural keys. With an
 * idempotency key, the write and the key are kept together: a key is remembered exactly when its
 * write committed (an `IdempotencyConflictError` when the key was used for another body, or its
 * first request is still running). Not a guarded port: a write that timed out may still commit,
 * so it is never retried blindly.
 */
export type WriteRecords = (records: readonly NumberedRecord[], idempotency?: IdempotentWrite) => Promise<WriteOutcome>;
