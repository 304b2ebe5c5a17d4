/** How calls to data sources are guarded; `DEFAULT_RESILIENCE` holds the documented defaults. */
export interface ResilienceSettings {
  /** Longest one attempt may take before it counts as a timeout (and may be retried). */
  readonly attemptTimeoutMs: number;
  /**
   * Longest a request may wait on its data sources in all: every call, retry, backoff and queue
   * wait together. A call outside a request scope gets this much on its own.
   */
  readonly deadlineMs: number;
  /**
   * Most further attempts after a transient failure (a timeout, a 5xx, a lost connection); none
   * starts once the call's deadline has passed.
   */
  readonly retries: number;
  /**
   * A second attempt started beside one that has not settled after `delayMs` (0: never); the
   * first answer wins. At most one per attempt, and no more than `share` of a port's calls.
   */
  readonly hedge: { readonly delayMs: number; readonly share: number };
  /** Jittered exponential backoff between attempts (cockatiel's decorrelated jitter). */
  readonly backoff: { readonly initialDelayMs: number; readonly maxDelayMs: number };
  /** One circuit breaker per port: it opens when over `threshold` of the last `windowCalls` attempts failed. */
  readonly breaker: {
    readonly threshold: number;
    readonly windowCalls: number;
    /** No opening before this many attempts are in the window. */
    readonly minimumCalls: number;
    /** How long an open breaker refuses calls before it lets one trial call through. */
    readonly halfOpenAfterMs: number;
  };
  /** One bulkhead per port: calls in flight at once, and calls that may wait for a slot. */
  readonly bulkhead: { readonly maxConcurrent: number; readonly maxQueued: number };
  /** Last good answers, served (marked stale) when the source fails. */
  readonly stale: {
    /** How old a kept answer may be and still be served. */
    readonly ttlMs: number;
    /** Bound on what is kept, counted in list entries (a review, a rate) plus one per answer. */
    readonly maxItems: number;
  };
}

export const DEFAULT_RESILIENCE: ResilienceSettings = {
  attemptTimeoutMs: 1_000,
  deadlineMs: 5_000,
  retries: 6,
  hedge: { delayMs: 250, share: 0.1 },
  backoff: { initialDelayMs: 50, maxDelayMs: 500 },
  breaker: { threshold: 0.5, windowCalls: 50, minimumCalls: 20, halfOpenAfterMs: 5_000 },
  bulkhead: { maxConcurrent: 256, maxQueued: 1_024 },
  stale: { ttlMs: 15 * 60_000, maxItems: 50_000 },
};
