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
