import { HTTPError, TimeoutError as KyTimeoutError } from 'ky';
import { AuthenticationError } from '../errors/authentication-error.js';
import { ConflictError } from '../errors/conflict-error.js';
import { ConnectionError } from '../errors/connection-error.js';
import { HotelApiError, type HotelApiErrorDetails, type HotelApiErrorType } from '../errors/hotel-api-error.js';
import { InvalidRequestError } from '../errors/invalid-request-error.js';
import { NotFoundError } from '../errors/not-found-error.js';
import { PermissionError } from '../errors/permission-error.js';
import { RateLimitError } from '../errors/rate-limit-error.js';
import { ServerError } from '../errors/server-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import type { ErrorBody } from '../types/generated.js';
import { inBrowser } from '../runtime.js';
import { isAbort, isCertificateFailure, parseRetryAfter, systemCode } from './retry.js';

/** What the caller asked for, to name it in messages. */
export interface FailedCall {
  readonly method: string;
  readonly url: string;
  readonly timeoutMs: number;
}

const TYPE_BY_STATUS: Readonly<Record<number, HotelApiErrorType>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
};

/**
 * Turns whatever a call failed with into the client's error classes. The caller's abort is returned
 * unchanged (the standard `AbortError`, or the signal's own reason).
 */
export async function toHotelApiError(error: unknown, call: FailedCall): Promise<unknown> {
  if (error instanceof HotelApiError || isAbort(error)) return error;
  if (error instanceof HTTPError) return fromResponse(error.response, call);
  if (error instanceof KyTimeoutError) {
    return new TimeoutError(`${call.method} ${call.url} timed out after ${call.timeoutMs} ms`, {
      type: 'timeout_error',
      timeoutMs: call.timeoutMs,
      cause: error,
    });
  }
  if (error instanceof TypeError || systemCode(error) !== undefined) return connectionError(error, call);
  return error;
}

function connectionError(error: unknown, call: FailedCall): ConnectionError {
  const code = systemCode(error);
  const reason = innermostMessage(error);
  const hint = isCertificateFailure(error)
    ? ' The server’s TLS certificate is not trusted: for a self-signed sandbox certificate, start Node with NODE_EXTRA_CA_CERTS=<file>.'
    : inBrowser()
      ? ' In a browser, a refusal by CORS or an untrusted certificate looks the same: only availability.multi and availability.calendar answer browsers, from the origins configured for the chain.'
      : '';
  return new ConnectionError(`${call.method} ${call.url} failed before the server answered: ${reason}.${hint}`, {
    type: 'connection_error',
    systemCode: code,
    cause: error,
  });
}

/** `fetch failed` says little; its cause says what happened. */
function innermostMessage(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current.message) message = current.message;
    current = current.cause;
  }
  return message;
}

/** An error answer: the envelope's `error` when there is one, else the status and whatever the body says. */
export async function fromResponse(response: Response, call: Pick<FailedCall, 'method' | 'url'>): Promise<HotelApiError> {
  const text = await response.text().catch(() => '');
  const body = parseJson(text);
  const envelopeError = errorOfEnvelope(body);
  const status = response.status;
  const headers = response.headers;
  const requestId = envelopeError?.requestId ?? headers.get('x-request-id') ?? undefined;
  const details: HotelApiErrorDetails = {
    type: envelopeError?.type ?? TYPE_BY_STATUS[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error'),
    status,
    code: envelopeError?.code,
    param: envelopeError?.param,
    requestId,
    headers,
  };
  const message = envelopeError?.message ?? messageOf(body) ?? `${call.method} ${call.url} failed with HTTP ${status}${response.statusText ? ` ${response.statusText}` : ''}`;

  switch (status) {
    case 400:
      return new InvalidRequestError(message, details);
    case 401:
      return new AuthenticationError(message, details);
    case 403:
      return new PermissionError(message, details);
    case 404:
      return new NotFoundError(message, details);
    case 409:
      return new ConflictError(message, { ...details, retryAfterMs: parseRetryAfter(headers.get('retry-after')) });
    case 429:
      return new RateLimitError(message, { ...details, retryAfterMs: parseRetryAfter(headers.get('retry-after')) });
    default:
      return status >= 500 ? new ServerError(message, details) : new HotelApiError(message, details);
  }
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The envelope's `error`, when the body is an envelope with a usable one. */
function errorOfEnvelope(body: unknown): Partial<ErrorBody> | undefined {
  const error = (body as { error?: unknown } | undefined)?.error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { type, code, message, param, requestId } = error as Record<string, unknown>;
  return {
    type: typeof type === 'string' ? (type as ErrorBody['type']) : undefined,
    code: typeof code === 'string' ? (code as ErrorBody['code']) : undefined,
    message: typeof message === 'string' ? message : undefined,
    param: typeof param === 'string' ? param : undefined,
    requestId: typeof requestId === 'string' ? requestId : undefined,
  };
}

/** `message` of a body without envelope, such as the availability endpoint's `{ timestamp, message }`. */
function messageOf(body: unknown): string | undefined {
  const message = (body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}
