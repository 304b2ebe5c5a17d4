import { ApiError, invalidRequest } from './api-error.js';

/**
 * The error codes of admission control and connection hygiene, in one place so that they move
 * into the error catalogue as a block:
 *
 * | status | code                          | when                                                         |
 * | ------ | ----------------------------- | ------------------------------------------------------------ |
 * | 400    | `api_key_in_query`            | an API key was sent in the URL (`api_key`, `apiKey`, `key`)  |
 * | 400    | `batch_too_large`             | an MCP JSON-RPC batch holds more than `MCP_MAX_BATCH`        |
 * | 408    | `request_timeout`             | the request was not received within `REQUEST_TIMEOUT_MS`     |
 * | 429    | `too_many_concurrent_requests`| the caller already has its share of heavy requests running   |
 * | 431    | `headers_too_large`           | the request headers exceed `MAX_HEADER_BYTES`                |
 * | 503    | `service_overloaded`          | the instance sheds load (event-loop delay, memory, queue)    |
 */
export const OPERATIONAL_ERROR_CODES = [
  'api_key_in_query',
  'batch_too_large',
  'request_timeout',
  'too_many_concurrent_requests',
  'headers_too_large',
  'service_overloaded',
] as const;

/** Seconds a shed caller is asked to wait: long enough for a queue to drain, short for a widget. */
export const SHED_RETRY_AFTER_SECONDS = 5;

export const apiKeyInQuery = (param: string) =>
  invalidRequest(
    'api_key_in_query',
    `Do not send an API key in the URL (${param}): URLs end up in logs and browser histories. ` +
      'Send "Authorization: Bearer <API_KEY>" instead, and replace the key if it was a live one.',
    param,
  );

export const serviceOverloaded = (reason: string) =>
  new ApiError(503, 'api_error', 'service_overloaded', `The service is overloaded (${reason}); retry in ${SHED_RETRY_AFTER_SECONDS} seconds.`, undefined, {
    'retry-after': String(SHED_RETRY_AFTER_SECONDS),
  });

export const tooManyConcurrentRequests = (max: number) =>
  new ApiError(
    429,
    'rate_limit_error',
    'too_many_concurrent_requests',
    `At most ${max} of these requests may run at once for one caller; wait for one to finish.`,
    undefined,
    { 'retry-after': '1' },
  );

export const headersTooLarge = (maxBytes: number) =>
  new ApiError(431, 'invalid_request_error', 'headers_too_large', `The request headers exceed ${maxBytes} bytes.`);

export const requestTimeout = () =>
  new ApiError(408, 'invalid_request_error', 'request_timeout', 'The request was not received in time.');

export const batchTooLarge = (max: number) =>
  invalidRequest('batch_too_large', `A JSON-RPC batch may hold at most ${max} messages; send the rest in another request.`);
