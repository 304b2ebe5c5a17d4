import type { GrantHolder } from '@hotelapi/auth';
import type { IdempotentWrite } from '@hotelapi/connectors';
import type { ErrorCode } from '@hotelapi/domain';
import type { PushedBody, PushWritten } from '../data-push.js';

/** What the push thread needs to open its own connections (write-thread.ts). */
export interface WriteThreadData {
  readonly url: string;
  readonly statementTimeoutMs?: number;
  readonly idempotencyRetentionMs: number;
}

/** Main thread → push thread: a push to read, judge against the key's grants and write. */
export interface WriteOrder {
  readonly ticket: number;
  readonly body: PushedBody;
  readonly maxRecords: number;
  readonly holder: GrantHolder;
  readonly idempotency?: IdempotentWrite;
}

/** How a push failed, as a message can carry it: the answer the API gives, or a database failure, or a bug. */
export type WriteFailure =
  | { readonly kind: 'api'; readonly code: ErrorCode; readonly message: string; readonly param?: string; readonly headers?: Readonly<Record<string, string>> }
  | { readonly kind: 'upstream'; readonly timeout: boolean; readonly message: string }
  | { readonly kind: 'bug'; readonly message: string };

/** Push thread → main thread, for a ticket: the push written, or its failure. */
export type WriteReport = ({ readonly ticket: number } & PushWritten) | { readonly ticket: number; readonly failure: WriteFailure };
