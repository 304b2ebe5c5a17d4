/** Why a call to the API failed, in the terms the widget shows to a guest. */
export type FailureKind = 'rate_limited' | 'unavailable' | 'chain_unknown' | 'invalid' | 'origin_refused';

export class WidgetApiError extends Error {
  override readonly name = 'WidgetApiError';

  constructor(
    readonly kind: FailureKind,
    message: string,
    /** Seconds to wait before retrying, from `Retry-After` (429 only). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
