import { ApiFailure } from './api-failure.js';

/**
 * The failures of admission control and connection hygiene (their codes are in the error
 * catalogue: api_key_in_query, batch_too_large, request_timeout, headers_too_large,
 * too_many_concurrent_requests, service_overloaded).
 */

/** Seconds a shed caller is asked to wait: long enough for a queue to drain, short for a widget. */
export const SHED_RETRY_AFTER_SECONDS = 5;

export const apiKeyInQuery = (param: string) =>
  new ApiFailure(
    'api_key_in_query',
    `Do not send an API key in the URL (${param}): URLs end up in logs and browser histories. ` +
      'Send "Authorization: Bearer <API_KEY>" instead, and replace the key if it was a live one.',
    { param },
  );

export const serviceOverloaded = (reason: string) =>
  new ApiFailure('service_overloaded', `The service is overloaded (${reason}); retry in ${SHED_RETRY_AFTER_SECONDS} seconds.`, {
    headers: { 'retry-after': String(SHED_RETRY_AFTER_SECONDS) },
  });

export const tooManyConcurrentRequests = (max: number) =>
  new ApiFailure('too_many_concurrent_requests', `At most ${max} of these requests may run at once for one caller; wait for one to finish.`, {
    headers: { 'retry-after': '1' },
  });

export const headersTooLarge = (maxBytes: number) => new ApiFailure('headers_too_large', `The request headers exceed ${maxBytes} bytes.`);

export const requestTimeout = () => new ApiFailure('request_timeout', 'The request was not received in time.');

export const batchTooLarge = (max: number) =>
  new ApiFailure('batch_too_large', `A JSON-RPC batch may hold at most ${max} messages; send the rest in another request.`);
