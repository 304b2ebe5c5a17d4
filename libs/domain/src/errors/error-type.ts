import { z } from 'zod';

/** What went wrong, broadly; each maps to one family of HTTP status codes. */
export const ErrorType = z
  .enum([
    'invalid_request_error',
    'authentication_error',
    'permission_error',
    'not_found_error',
    'rate_limit_error',
    'upstream_error',
    'api_error',
  ])
  .meta({
    id: 'ErrorType',
    description:
      'Kind of failure: invalid_request_error (400), authentication_error (401), permission_error (403), ' +
      'not_found_error (404), rate_limit_error (429), upstream_error (a data source failed 502, did not answer in time 504, ' +
      'or is not being called for now 503 with Retry-After), api_error (500).',
  });
export type ErrorType = z.infer<typeof ErrorType>;
