import { ErrorEnvelope } from '@hotelapi/domain';
import type { z } from 'zod';

/** What each error status means on the `/v1` routes, as the OpenAPI document describes it; the codes are in docs/ERRORS.md. */
const MEANINGS = {
  400: 'The request is invalid: a parameter is missing, malformed or out of range.',
  401: 'No API key, or one that is unknown or revoked.',
  403: 'The API key may not read this property or chain.',
  404: 'No property has this code (or, for a rate, no rate has this id).',
  409: 'The request conflicts with another: an Idempotency-Key used for another body or still running, or a write that lost to another; nothing was applied.',
  413: 'The body is larger, or holds more records, than the server accepts.',
  415: 'The Content-Type is not one this route takes.',
  429: 'A rate limit or a concurrency cap is reached; retry after `Retry-After` seconds.',
  502: 'A data source behind the API failed; retry shortly.',
  503: 'A data source is unavailable, or the service is overloaded; retry after `Retry-After` seconds.',
  504: 'A data source did not answer in time; retry shortly.',
} as const;

export type ErrorStatus = keyof typeof MEANINGS;

/** Response schemas for these statuses: `body` (the error envelope unless given), described by what the status means. */
export function errorResponses<Status extends ErrorStatus, Body extends z.ZodType = typeof ErrorEnvelope>(
  statuses: readonly Status[],
  body: Body = ErrorEnvelope as unknown as Body,
): Record<Status, Body> {
  return Object.fromEntries(statuses.map((status) => [status, body.describe(MEANINGS[status])])) as Record<Status, Body>;
}
