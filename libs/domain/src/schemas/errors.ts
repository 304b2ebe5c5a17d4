/** Error bodies: the REST envelope's `error`, and the availability endpoint's own 400 shape. */

import { z } from 'zod';
import { ERROR_CATALOGUE, ERROR_CODES } from '../errors/error-catalogue.js';
import { ErrorType } from '../errors/error-type.js';
import { LocalDateTime } from './common.js';

/** The catalogue's codes as a schema: an enum, and the catalogue as a table in its description. */
export const ErrorCode = z.enum(ERROR_CODES).meta({
  id: 'ErrorCode',
  description:
    'Machine-readable reason, stable across releases.\n\n| Code | Status | Type | Meaning |\n| --- | --- | --- | --- |\n' +
    Object.entries(ERROR_CATALOGUE)
      .map(([code, { status, type, description }]) => `| \`${code}\` | ${status} | ${type} | ${description} |`)
      .join('\n'),
});
/** A machine-readable error code: one key of the catalogue. */
export type ErrorCode = z.infer<typeof ErrorCode>;

/** The `error` of a REST envelope. */
export const ErrorBody = z
  .object({
    type: ErrorType,
    code: ErrorCode,
    message: z.string().describe('Human-readable explanation, in the negotiated language where translated.'),
    param: z
      .string()
      .optional()
      .describe('The request parameter at fault, e.g. checkOut or reviewerLanguages.1; present for invalid_request_error.'),
    requestId: z.string().describe('Identifier of the request, as in the X-Request-Id header; quote it to support.'),
  })
  .meta({ id: 'ErrorBody', description: 'Why a request failed.' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The 400 body of the availability endpoint, which has no envelope and keeps the shape its widgets parse. */
export const AvailabilityError = z
  .object({
    timestamp: LocalDateTime.describe('When the error occurred, in UTC, as an ISO 8601 date-time without offset.'),
    message: z.string().describe('What was wrong with the request.'),
  })
  .meta({ id: 'AvailabilityError', description: 'Why a multi-property availability request failed (400, 429, 5xx).' });
export type AvailabilityError = z.infer<typeof AvailabilityError>;
