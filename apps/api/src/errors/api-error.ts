import type { ErrorType } from '@hotelapi/domain';

/**
 * A failure the API reports to its client on purpose: every field is safe to show. Anything else
 * thrown is an internal error and reaches the client only as a generic `api_error`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly type: ErrorType,
    /** Machine-readable reason, stable across releases (e.g. `parameter_invalid`). */
    readonly code: string,
    message: string,
    /** The request parameter at fault, when there is one. */
    readonly param?: string,
    /** Extra response headers the failure implies (e.g. `Allow`, `WWW-Authenticate`). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export const invalidRequest = (code: string, message: string, param?: string) =>
  new ApiError(400, 'invalid_request_error', code, message, param);

export const authenticationRequired = (code: 'api_key_missing' | 'api_key_malformed' | 'api_key_invalid', message: string) =>
  new ApiError(401, 'authentication_error', code, message, undefined, {
    'www-authenticate': code === 'api_key_missing' ? 'Bearer realm="hotel-api"' : 'Bearer realm="hotel-api", error="invalid_token"',
  });

export const permissionDenied = (code: string, message: string, param?: string) =>
  new ApiError(403, 'permission_error', code, message, param);

export const notFound = (code: string, message: string, param?: string) =>
  new ApiError(404, 'not_found_error', code, message, param);

export const methodNotAllowed = (method: string, allowed: readonly string[]) =>
  new ApiError(405, 'invalid_request_error', 'method_not_allowed', `${method} is not allowed here; use ${allowed.join(' or ')}.`, undefined, {
    allow: allowed.join(', '),
  });

/*
 * Data-source failures, all `upstream_error`: failed (502), did not answer in time (504), or not
 * being called for now, its breaker open or its queue full (503 with Retry-After).
 */
export const upstreamFailed = (message: string) => new ApiError(502, 'upstream_error', 'upstream_failed', message);

export const upstreamTimedOut = (message: string) => new ApiError(504, 'upstream_error', 'upstream_timeout', message);

/** Whole seconds, at least one: what Retry-After can say. */
export const retryAfterSeconds = (retryAfterMs: number) => Math.max(1, Math.ceil(retryAfterMs / 1000));

export const upstreamUnavailable = (message: string, retryAfterMs: number) =>
  new ApiError(503, 'upstream_error', 'upstream_unavailable', message, undefined, {
    'retry-after': String(retryAfterSeconds(retryAfterMs)),
  });
