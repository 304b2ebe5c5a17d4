/**
 * Errors a connector throws. Each carries a stable machine-readable `code`, so the API maps them
 * to its error envelope without parsing messages.
 */
export class ConnectorError extends Error {
  override name = 'ConnectorError';

  constructor(
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The property code is not one the connector knows. */
export class PropertyNotFoundError extends ConnectorError {
  override name = 'PropertyNotFoundError';

  constructor(readonly propertyCode: string) {
    super('property_not_found', `No property with code ${propertyCode}`);
  }
}

/** The system behind a connector failed or answered something unusable (for HTTP adapters). */
export class UpstreamError extends ConnectorError {
  override name = 'UpstreamError';
  /** HTTP status the upstream answered with, when it answered at all. */
  readonly status: number | undefined;

  constructor(
    /** Which upstream failed, e.g. the adapter's kind and the system's name. */
    readonly upstream: string,
    message: string,
    options: ErrorOptions & { readonly status?: number } = {},
  ) {
    super('upstream_error', message, options);
    this.status = options.status;
  }
}

/** The upstream did not answer within the time a call may take. */
export class UpstreamTimeoutError extends ConnectorError {
  override name = 'UpstreamTimeoutError';

  constructor(
    readonly upstream: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super('upstream_timeout', message, options);
  }
}

/** Why a call was refused without asking the upstream. */
export type UnavailableReason = 'breaker_open' | 'bulkhead_full';

/**
 * The upstream is not asked for now: its circuit breaker is open after too many failures, or too
 * many calls to it are already waiting. `retryAfterMs` is when asking again makes sense.
 */
export class UpstreamUnavailableError extends ConnectorError {
  override name = 'UpstreamUnavailableError';

  constructor(
    readonly upstream: string,
    readonly reason: UnavailableReason,
    readonly retryAfterMs: number,
    options?: ErrorOptions,
  ) {
    super('upstream_unavailable', `${upstream} is not being called for now (${reason.replace('_', ' ')})`, options);
  }
}

/**
 * Another write held the same rows and the store chose this one to give way, more than once:
 * nothing of it was applied, and sending it again is safe.
 */
export class WriteConflictError extends ConnectorError {
  override name = 'WriteConflictError';

  constructor(message: string, options?: ErrorOptions) {
    super('write_conflict', message, options);
  }
}

/**
 * An Idempotency-Key already names another push: `different_body` when it was used with another
 * body, `in_progress` while the push it names is still running.
 */
export class IdempotencyConflictError extends ConnectorError {
  override name = 'IdempotencyConflictError';

  constructor(readonly reason: 'different_body' | 'in_progress') {
    super(
      'idempotency_conflict',
      reason === 'different_body'
        ? 'This Idempotency-Key was used with another body; use a new key for a new push.'
        : 'A push with this Idempotency-Key is still running; send it again when it has finished.',
    );
  }
}
