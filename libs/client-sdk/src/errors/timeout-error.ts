import { HotelApiError, type HotelApiErrorDetails } from './hotel-api-error.js';

/** The server did not answer within `timeoutMs` (per attempt; timeouts are not retried). */
export class TimeoutError extends HotelApiError {
  override readonly name: string = 'TimeoutError';
  /** The time limit that ran out. */
  readonly timeoutMs: number;

  constructor(message: string, details: HotelApiErrorDetails & { readonly timeoutMs: number }) {
    super(message, details);
    this.timeoutMs = details.timeoutMs;
  }
}
