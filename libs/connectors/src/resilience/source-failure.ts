import { BrokenCircuitError, BulkheadRejectedError, TaskCancelledError } from 'cockatiel';
import { UpstreamError, UpstreamTimeoutError, UpstreamUnavailableError } from '../errors.js';

/** Upstream statuses that say "ask again later" rather than "you asked wrong". */
const TRANSIENT_STATUSES = new Set([408, 425, 429]);

/**
 * Whether an error means the source failed in a way worth a retry (counted by the breaker,
 * covered by a stale answer): a timeout, or an `UpstreamError` with a 5xx, 408, 425, 429 or no
 * status (the connection itself failed). Not an answer ("no such property"), not a request the
 * upstream refused (another 4xx), not a call our own guards turned away, and not an error an
 * adapter did not classify: that is a bug, and retrying or hiding a bug helps nobody. Adapters
 * wrap their driver's connection errors in `UpstreamError` (PostgreSQL's: `postgres/database-failures.ts`).
 */
export function isSourceFailure(error: unknown): boolean {
  if (error instanceof TaskCancelledError || error instanceof UpstreamTimeoutError) return true;
  if (!(error instanceof UpstreamError)) return false;
  return error.status === undefined || error.status >= 500 || TRANSIENT_STATUSES.has(error.status);
}

/** Whether the caller may be answered with a kept answer instead: any failure of the source or of the way to it. */
export function mayServeStale(error: unknown): boolean {
  return isSourceFailure(error) || error instanceof UpstreamUnavailableError;
}

/** A guard's own error as the connector error the API maps to a response; anything else unchanged. */
export function asConnectorError(error: unknown, upstream: string, breakerRetryAfterMs: () => number): unknown {
  if (error instanceof TaskCancelledError) return new UpstreamTimeoutError(upstream, `${upstream} did not answer in time`, { cause: error });
  if (error instanceof BrokenCircuitError) return new UpstreamUnavailableError(upstream, 'breaker_open', breakerRetryAfterMs(), { cause: error });
  if (error instanceof BulkheadRejectedError) return new UpstreamUnavailableError(upstream, 'bulkhead_full', BULKHEAD_RETRY_AFTER_MS, { cause: error });
  return error;
}

/** A full bulkhead drains in well under a second; a client waiting a second finds room. */
const BULKHEAD_RETRY_AFTER_MS = 1_000;
