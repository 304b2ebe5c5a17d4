/**
 * A `fetch` the client sends its requests through, with the global `fetch`'s signature: the global
 * `fetch` fits, and so does a wrapper that adds a TLS dispatcher, a proxy or logging
 * (`(input, init) => { const request = new Request(input, init); ... }`).
 */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface ClientOptions {
  /**
   * Secret API key (`sk_live_...` / `sk_test_...`), sent as `Authorization: Bearer <key>` to shopper
   * and reviews. Optional: `availability.multi` needs none, and the others answer 401 without one. Keep it
   * out of browser code.
   */
  readonly apiKey?: string;
  /** Where the API is. Default `https://localhost:8443` (the local server). May carry a path prefix. */
  readonly baseUrl?: string | URL;
  /** Time limit for each attempt, in milliseconds. Default 30000. */
  readonly timeoutMs?: number;
  /** Retries of a failed call (429, 5xx, network failure; for a push of records at hand also a 409 `write_conflict`). Default 2; 0 turns retries off. */
  readonly maxRetries?: number;
  /**
   * Preferred languages for translated data, sent as `Accept-Language`: a header value
   * (`'pt-BR, en;q=0.8'`) or tags in order of preference (`['pt-BR', 'en']`). Default: the API's English.
   */
  readonly language?: string | readonly string[];
  /** The `fetch` to send requests with. Default: the global `fetch`. */
  readonly fetch?: FetchLike;
  /** Your product token, appended to the client's `User-Agent` (e.g. `my-app/1.2.0`). */
  readonly userAgent?: string;
}

/** Options of one call; they override the client's for that call only. */
export interface RequestOptions {
  /** Cancels the call (and any retry wait). The call then rejects with the signal's reason: by default a `DOMException` named `AbortError`. */
  readonly signal?: AbortSignal;
  /** Time limit for each attempt of this call, in milliseconds. */
  readonly timeoutMs?: number;
  /** Retries for this call. */
  readonly maxRetries?: number;
  /** Preferred languages for this call. */
  readonly language?: string | readonly string[];
}

export const DEFAULT_BASE_URL = 'https://localhost:8443';
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RETRIES = 2;
/** The longest timer the runtime can set. */
export const MAX_TIMEOUT_MS = 2_147_483_647;

export function checkTimeout(timeoutMs: number, name = 'timeoutMs'): number {
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0 || timeoutMs > MAX_TIMEOUT_MS) {
    throw new RangeError(`${name} must be a number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, not ${String(timeoutMs)}`);
  }
  return timeoutMs;
}

export function checkMaxRetries(maxRetries: number, name = 'maxRetries'): number {
  if (!Number.isInteger(maxRetries) || maxRetries < 0) {
    throw new RangeError(`${name} must be a whole number from 0, not ${String(maxRetries)}`);
  }
  return maxRetries;
}

/** The base URL as ky's prefix: absolute http(s), ending in `/`. */
export function checkBaseUrl(baseUrl: string | URL): string {
  let url: URL;
  try {
    url = new URL(String(baseUrl));
  } catch {
    throw new TypeError(`baseUrl must be an absolute URL such as ${DEFAULT_BASE_URL}, not ${String(baseUrl)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError(`baseUrl must be an https:// URL, not ${url.href}`);
  }
  if (url.search || url.hash) throw new TypeError(`baseUrl must not carry a query or fragment: ${url.href}`);
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/** Options of `client.data.push`. */
export interface PushOptions extends RequestOptions {
  /**
   * Sent as `Idempotency-Key` (1 to 255 printable ASCII characters): the same key and records within 24
   * hours replay the first answer instead of writing again, and the key with other records is a 409
   * `idempotency_conflict`. Without one, the client makes one up for a push it may retry.
   */
  readonly idempotencyKey?: string;
}
