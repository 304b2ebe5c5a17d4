import type { ErrorCode, ErrorType } from '../types/generated.js';

/**
 * What kind of failure an error is: one of the API's own error types, one of the two failures that
 * happen before the API answers, or a webhook delivery that failed its check.
 */
export type HotelApiErrorType = ErrorType | 'connection_error' | 'timeout_error' | 'webhook_verification_error';

export interface HotelApiErrorDetails {
  readonly type: HotelApiErrorType;
  /** HTTP status of the answer; undefined when there was none (connection failure, timeout). */
  readonly status?: number;
  /**
   * The API's machine-readable reason, e.g. `parameter_invalid` or `property_not_found` (see docs/ERRORS.md).
   * Codes are only ever added: a server newer than this client may send one outside the union.
   */
  readonly code?: ErrorCode;
  /** The request parameter at fault, e.g. `checkOut`. */
  readonly param?: string;
  /** The request's id (the `X-Request-Id` header): quote it to support. */
  readonly requestId?: string;
  /** Headers of the failed response. */
  readonly headers?: Headers;
  readonly cause?: unknown;
}

/**
 * Base class of every error the client throws: for a failed call, or a webhook that failed `verifyWebhook`. Subclasses name the kind of failure;
 * the fields carry what the server said.
 */
export class HotelApiError extends Error {
  override readonly name: string = 'HotelApiError';
  readonly type: HotelApiErrorType;
  readonly status: number | undefined;
  readonly code: ErrorCode | undefined;
  readonly param: string | undefined;
  readonly requestId: string | undefined;
  readonly headers: Headers | undefined;

  constructor(message: string, details: HotelApiErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.type = details.type;
    this.status = details.status;
    this.code = details.code;
    this.param = details.param;
    this.requestId = details.requestId;
    this.headers = details.headers;
  }
}
