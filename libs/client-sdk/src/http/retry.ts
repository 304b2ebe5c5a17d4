import { HTTPError, type RetryOptions } from 'ky';

/** First retry waits up to this long (full jitter: a random time between 0 and the ceiling). */
export const RETRY_BASE_DELAY_MS = 500;
/** No backoff ceiling exceeds this. */
export const RETRY_MAX_DELAY_MS = 8_000;
/** A `Retry-After` longer than this is not waited for: the error is thrown, with `retryAfterMs`. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** Every 5xx is worth another try except 501 (not implemented) and 505 (HTTP version), which never change. */
const RETRIED_STATUSES = [429, ...Array.from({ length: 100 }, (_, index) => 500 + index).filter((status) => status !== 501 && status !== 505)];

/**
 * Exponential backoff with full jitter: retry `attempt` (1, 2, ...) waits a uniformly random time
 * between 0 and `min(cap, base * 2^(attempt - 1))`.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_MAX_DELAY_MS, RETRY_BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

/**
 * `Retry-After` in milliseconds: delay-seconds (`120`) or an HTTP date. Undefined when absent or
 * unreadable; 0 for a date in the past.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its day and month (`Sat, 21 Nov 2026 10:00:30 GMT`); `Date.parse` alone takes `-5`.
  if (!/[A-Za-z]{3}/.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The caller cancelled: never retried, surfaced as is. */
export function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** A TLS certificate the runtime does not trust: retrying cannot help. */
export function isCertificateFailure(error: unknown): boolean {
  const code = systemCode(error);
  return code !== undefined && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(code);
}

/** The system error code of a network failure (`ECONNREFUSED`, ...), looked for along the cause chain. */
export function systemCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Object && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * ky's retry, configured as the API asks: GETs only; on 429, 5xx and network failures; exponential
 * backoff with full jitter capped at 8 s; `Retry-After` honoured on 429 and 503 (ky waits exactly that
 * long). Not retried: other 4xx, timeouts, the caller's abort, untrusted certificates, and a
 * `Retry-After` beyond a minute (the RateLimitError says how long to wait instead).
 */
export function retryOptions(maxRetries: number): RetryOptions {
  return {
    limit: maxRetries,
    methods: ['get'],
    statusCodes: RETRIED_STATUSES,
    afterStatusCodes: [429, 503],
    maxRetryAfter: MAX_RETRY_AFTER_MS,
    backoffLimit: RETRY_MAX_DELAY_MS,
    delay: (attempt) => backoffDelay(attempt),
    retryOnTimeout: false,
    shouldRetry: ({ error }) => {
      if (isAbort(error) || isCertificateFailure(error)) return false;
      if (error instanceof HTTPError) {
        const retryAfter = parseRetryAfter(error.response.headers.get('retry-after'));
        if (retryAfter !== undefined && retryAfter > MAX_RETRY_AFTER_MS) return false;
      }
      // Anything else: ky's own rules above (status codes, Retry-After, timeouts).
      return undefined;
    },
  };
}

/**
 * The retry of a push (`POST /v1/data`), whose body the client can send again and which carries an
 * `Idempotency-Key`: as a GET's, and also on a 409 that carries `Retry-After` (a `write_conflict`: nothing
 * was applied). A 409 without it (an `idempotency_conflict` for another body) is final.
 */
export function pushRetryOptions(maxRetries: number): RetryOptions {
  const base = retryOptions(maxRetries);
  return {
    ...base,
    methods: ['post'],
    statusCodes: [...RETRIED_STATUSES, 409],
    afterStatusCodes: [409, 429, 503],
    shouldRetry: (state) => {
      const { error } = state;
      if (error instanceof HTTPError && error.response.status === 409 && !error.response.headers.has('retry-after')) return false;
      return base.shouldRetry?.(state);
    },
  };
}
