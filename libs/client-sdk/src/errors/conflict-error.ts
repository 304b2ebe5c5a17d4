import { HotelApiError, type HotelApiErrorDetails } from './hotel-api-error.js';

/**
 * 409: the request collided with another. `code` says which way: `write_conflict` (another write to the
 * same records won; nothing was applied, send it again after `retryAfterMs`) or `idempotency_conflict`
 * (the `Idempotency-Key` was used for another body, or its first request is still running).
 */
export class ConflictError extends HotelApiError {
  override readonly name: string = 'ConflictError';
  /** How long the server asked to wait before sending the request again (from `Retry-After`), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, details: HotelApiErrorDetails & { readonly retryAfterMs?: number }) {
    super(message, details);
    this.retryAfterMs = details.retryAfterMs;
  }
}
