import type { RetrySchedule } from '../ports/webhook-store.js';

/**
 * The product's schedule (docs/WEBHOOKS.md): the first retry 15–30 s after a failure, doubling
 * with jitter up to an hour apart, 31 retries: at least 24 hours of trying.
 */
export const DEFAULT_RETRY_SCHEDULE: RetrySchedule = { baseDelaySeconds: 15, maxDelaySeconds: 3_600, retries: 31, attemptExpirySeconds: 60 };

/**
 * Seconds before retry `retry` (1 for the first), as pg-boss computes it with `retryBackoff`:
 * base · 2^(retry−1) · (1 + jitter), jitter in [0, 1), at most the cap. The sandbox uses it too.
 */
export function retryDelaySeconds(schedule: RetrySchedule, retry: number, jitter = Math.random()): number {
  const exponent = Math.min(16, retry);
  return Math.min(schedule.maxDelaySeconds, Math.max(schedule.baseDelaySeconds, 1) * (2 ** exponent / 2) * (1 + jitter));
}
