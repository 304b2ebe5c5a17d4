import { PropertyNotFoundError, UpstreamError, UpstreamTimeoutError, UpstreamUnavailableError } from '@hotelapi/connectors';
import { ApiFailure, retryAfterSeconds, upstreamUnavailable } from './api-failure.js';

/**
 * What any caller (a REST client, an MCP agent) may be told about an error a service threw: an
 * ApiFailure as it is, a data source's failure as a 502, 504 or 503. Undefined means the error is
 * ours (a bug) and must not be described. Each edge adds its own protocol's errors on top.
 */
export function failureOf(error: unknown): ApiFailure | undefined {
  if (error instanceof ApiFailure) return error;
  // The upstream's own words may name its internals: the client learns only that it failed.
  if (error instanceof UpstreamError) return new ApiFailure('upstream_failed', 'A data source did not answer as expected; try again shortly.');
  if (error instanceof UpstreamTimeoutError) {
    return new ApiFailure('upstream_timeout', 'A data source is unavailable: it did not answer in time. Try again shortly.');
  }
  if (error instanceof UpstreamUnavailableError) {
    const seconds = retryAfterSeconds(error.retryAfterMs);
    return upstreamUnavailable(`A data source is unavailable right now; try again in ${seconds} s.`, error.retryAfterMs);
  }
  // The catalog knew the property a moment ago; a connector that no longer does is a 404, not a bug.
  if (error instanceof PropertyNotFoundError) return new ApiFailure('property_not_found', `There is no property ${error.propertyCode}.`);
  return undefined;
}
