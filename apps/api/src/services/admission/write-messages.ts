import type { IdempotentWrite, WriteOutcome } from '@hotelapi/connectors';
import type { ErrorCode } from '@hotelapi/domain';
import type { PushedBody, PushedNames } from '../data-push.js';

/** What the push thread needs to open its own connections (write-thread.ts). */
export interface WriteThreadData {
  readonly url: string;
  readonly statementTimeoutMs?: number;
  readonly idempotencyRetentionMs: number;
}

/** Main thread → push thread: read a push's records; then write them, or drop them (a refused grant). */
export type WriteOrder =
  | { readonly kind: 'read'; readonly ticket: number; readonly body: PushedBody; readonly maxRecords: number }
  | { readonly kind: 'write'; readonly ticket: number; readonly idempotency?: IdempotentWrite }
  | { readonly kind: 'drop'; readonly ticket: number };

/** How a push failed, as a message can carry it: the answer the API gives, or a database failure, or a bug. */
export type WriteFailure =
  | { readonly kind: 'api'; readonly code: ErrorCode; readonly message: string; readonly param?: string; readonly headers?: Readonly<Record<string, string>> }
  | { readonly kind: 'upstream'; readonly timeout: boolean; readonly message: string }
  | { readonly kind: 'bug'; readonly message: string };

/** Push thread → main thread, for a ticket: the names of the records read, the write's outcome, or its failure. */
export type WriteReport =
  | { readonly ticket: number; readonly names: PushedNames }
  | { readonly ticket: number; readonly outcome: WriteOutcome }
  | { readonly ticket: number; readonly failure: WriteFailure };
