import type { NumberedRecord } from '../data-format/parse-record.js';
import type { DataRecordType } from '../data-format/records.js';

/** What one write applied: records per type, and the data version that serves them. */
export interface WriteReceipt {
  readonly counts: Readonly<Partial<Record<DataRecordType, number>>>;
  readonly dataVersion: number;
  /** True when the write survives a restart (PostgreSQL); false in the sandbox's memory. */
  readonly durable: boolean;
}

/**
 * Applies pushed records all or nothing, on the data format's rules: parents first, unknown
 * references refused (a `RecordError` naming the line), upserts on natural keys. Not a guarded
 * port: a write that timed out may still commit, so it is never retried blindly.
 */
export type WriteRecords = (records: readonly NumberedRecord[]) => Promise<WriteReceipt>;
