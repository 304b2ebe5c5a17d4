import { HotelApiError, type HotelApiErrorDetails } from './hotel-api-error.js';

/** 429: too many requests. Thrown once the client's retries are used up (or the wait would be too long). */
export class RateLimitError extends HotelApiError {
  override readonly name: string = 'RateLimitError';
  /** How long the server asked to wait before trying again (from `Retry-After`), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, details: HotelApiErrorDetails & { readonly retryAfterMs?: number }) {
    super(message, details);
    this.retryAfterMs = details.retryAfterMs;
  }
}
