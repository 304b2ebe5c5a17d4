import { ERROR_CATALOGUE, type ErrorCode, type ErrorType } from '@hotelapi/domain';

export interface FailureDetails {
  /** The request parameter at fault, when there is one. */
  readonly param?: string;
  /** Extra response headers the failure implies (e.g. `Allow`, `WWW-Authenticate`). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Only for `request_invalid`: the 4xx status the HTTP layer chose. Otherwise the catalogue's. */
  readonly status?: number;
}

/**
 * A failure the API reports to its client on purpose: every field is safe to show, and the code
 * comes from the error catalogue, which fixes its status and type. Anything else thrown is an
 * internal error and reaches the client only as `internal_error`.
 */
export class ApiFailure extends Error {
  override readonly name = 'ApiFailure';
  readonly status: number;
  readonly type: ErrorType;
  readonly param: string | undefined;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    /** Machine-readable reason, stable across releases (e.g. `parameter_invalid`). */
    readonly code: ErrorCode,
    message: string,
    details: FailureDetails = {},
  ) {
    super(message);
    this.status = details.status ?? ERROR_CATALOGUE[code].status;
    this.type = ERROR_CATALOGUE[code].type;
    this.param = details.param;
    this.headers = details.headers ?? {};
  }
}

type AuthenticationCode = 'api_key_missing' | 'api_key_malformed' | 'api_key_invalid';

/** A 401 with the `WWW-Authenticate` challenge RFC 6750 asks for. */
export const authenticationRequired = (code: AuthenticationCode, message: string) =>
  new ApiFailure(code, message, {
    headers: {
      'www-authenticate': code === 'api_key_missing' ? 'Bearer realm="hotel-api"' : 'Bearer realm="hotel-api", error="invalid_token"',
    },
  });

/** A 405 with the `Allow` header listing what the path serves. */
export const methodNotAllowed = (method: string, allowed: readonly string[]) =>
  new ApiFailure('method_not_allowed', `${method} is not allowed here; use ${allowed.join(' or ')}.`, {
    headers: { allow: allowed.join(', ') },
  });

/** Whole seconds, at least one: what `Retry-After` can say. */
export const retryAfterSeconds = (retryAfterMs: number) => Math.max(1, Math.ceil(retryAfterMs / 1000));

/** A 503 for a data source not being called for now, with the `Retry-After` it asked for. */
export const upstreamUnavailable = (message: string, retryAfterMs: number) =>
  new ApiFailure('upstream_unavailable', message, { headers: { 'retry-after': String(retryAfterSeconds(retryAfterMs)) } });
