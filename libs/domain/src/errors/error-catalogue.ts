/**
 * Every error code the API answers with, once: its HTTP status, its error type and what it means.
 * The server raises errors only from here, the OpenAPI document lists these codes, the client SDK
 * types its errors' `code` with them, and docs/ERRORS.md is generated from this table
 * (`npm run docs:errors`). A code is stable across releases: add codes, never rename one.
 */

import type { ErrorType } from './error-type.js';

export interface ErrorDefinition {
  readonly status: number;
  readonly type: ErrorType;
  /** When a client gets it and what to do, in one or two sentences (it goes into the docs). */
  readonly description: string;
}

export const ERROR_CATALOGUE = {
  // 400: the request itself
  parameter_missing: { status: 400, type: 'invalid_request_error', description: 'A required parameter is absent; `param` names it.' },
  parameter_invalid: {
    status: 400,
    type: 'invalid_request_error',
    description: 'A parameter has a value its schema refuses (type, format, range, unknown enum value); `param` names it.',
  },
  checkin_in_past: {
    status: 400,
    type: 'invalid_request_error',
    description: "The check-in date is before today in the property's time zone (for a chain, in any of its properties' zones).",
  },
  checkout_not_after_checkin: { status: 400, type: 'invalid_request_error', description: 'The check-out date is not after the check-in date.' },
  stay_too_long: { status: 400, type: 'invalid_request_error', description: 'The stay is longer than the maximum number of nights (30 by default).' },
  checkin_too_far_ahead: {
    status: 400,
    type: 'invalid_request_error',
    description: 'The check-in date is further ahead than bookings open (365 days by default).',
  },
  currency_unknown: { status: 400, type: 'invalid_request_error', description: 'The currency is not an ISO 4217 code.' },
  currency_not_supported: { status: 400, type: 'invalid_request_error', description: 'The currency is ISO 4217, but prices cannot be converted into it.' },
  property_not_in_chain: {
    status: 400,
    type: 'invalid_request_error',
    description: 'Price calendar: `propertyCode` is not a property of the chain `chainCode` names.',
  },
  channel_not_configured: { status: 400, type: 'invalid_request_error', description: 'The channel is a valid Channel Type this deployment does not shop.' },
  body_invalid: {
    status: 400,
    type: 'invalid_request_error',
    description: 'The body cannot be read: malformed JSON, an empty JSON body, or a Content-Type or Content-Length that does not fit it.',
  },
  url_invalid: { status: 400, type: 'invalid_request_error', description: 'The URL is malformed (for example a broken percent-encoding).' },
  request_invalid: {
    status: 400,
    type: 'invalid_request_error',
    description: 'The HTTP layer refused the request for another reason; the status is 400 or the 4xx it chose.',
  },
  api_key_in_query: {
    status: 400,
    type: 'invalid_request_error',
    description: 'An API key was sent in the URL (`api_key`, `apiKey`, `key`, `token`, `access_token`); send it in `Authorization` and replace a live key.',
  },
  record_invalid: {
    status: 400,
    type: 'invalid_request_error',
    description:
      'Data push: a record is refused (not JSON, not a record of docs/data-format.md, a reference to something unknown, a type this store does not take); `param` names the line and field, and nothing of the push was applied.',
  },
  idempotency_key_invalid: {
    status: 400,
    type: 'invalid_request_error',
    description: 'The `Idempotency-Key` header is empty, longer than 255 characters, or holds a character that is not printable ASCII.',
  },
  webhook_url_invalid: {
    status: 400,
    type: 'invalid_request_error',
    description: 'Webhooks: the URL is not an absolute `https://` URL, holds credentials, or is longer than 2,048 characters, or its host does not resolve.',
  },
  webhook_url_private: {
    status: 400,
    type: 'invalid_request_error',
    description: 'Webhooks: the URL’s host is or resolves to a loopback, private, link-local, metadata or otherwise non-public address (allowed only with `WEBHOOK_ALLOW_PRIVATE=true`).',
  },
  batch_too_large: { status: 400, type: 'invalid_request_error', description: 'MCP: a JSON-RPC batch holds more messages than the server accepts (16 by default).' },
  request_timeout: { status: 408, type: 'invalid_request_error', description: 'The request was not received in time; send it again, faster.' },
  headers_too_large: { status: 431, type: 'invalid_request_error', description: 'The request headers are larger than the server accepts (16 KiB by default).' },
  https_required: {
    status: 400,
    type: 'invalid_request_error',
    description: 'The request came over plain HTTP. It is never served; if it carried an API key, revoke that key.',
  },
  // 401, 403: who is asking
  api_key_missing: { status: 401, type: 'authentication_error', description: 'No `Authorization` header: send `Authorization: Bearer <API_KEY>`.' },
  api_key_malformed: {
    status: 401,
    type: 'authentication_error',
    description: 'The `Authorization` header is not `Bearer <API_KEY>` with a key starting `sk_live_` or `sk_test_`.',
  },
  api_key_invalid: { status: 401, type: 'authentication_error', description: 'The API key is unknown or has been revoked.' },
  access_token_invalid: {
    status: 401,
    type: 'authentication_error',
    description: 'MCP with OAuth: the access token is not a token of the configured authorization server (bad signature, issuer or shape).',
  },
  access_token_expired: { status: 401, type: 'authentication_error', description: 'MCP with OAuth: the access token has expired; get a new one (refresh it).' },
  access_token_wrong_audience: {
    status: 401,
    type: 'authentication_error',
    description: 'MCP with OAuth: the access token was issued for another resource; ask for one with `resource` set to this server\'s `/mcp` URL.',
  },
  chain_unknown: {
    status: 401,
    type: 'authentication_error',
    description: 'Multi-property availability and the price calendar: the chain code cannot be resolved. The response body is empty, as the contract says.',
  },
  property_forbidden: {
    status: 403,
    type: 'permission_error',
    description: 'The API key may not read this property (answered whether or not the property exists).',
  },
  chain_forbidden: {
    status: 403,
    type: 'permission_error',
    description: 'MCP chain tools: the caller may not read this whole chain (it needs an `all` or `chain:CODE` grant).',
  },
  access_token_no_grants: {
    status: 403,
    type: 'permission_error',
    description: 'MCP with OAuth: the access token is valid but its scopes grant no property or chain (`hotel:all`, `hotel:chain:CODE`, `hotel:property:CODE`).',
  },
  host_not_allowed: {
    status: 403,
    type: 'permission_error',
    description: 'MCP: the `Host` header names a host this server does not answer to (DNS-rebinding guard, `MCP_ALLOWED_HOSTS`).',
  },
  write_scope_required: {
    status: 403,
    type: 'permission_error',
    description: 'Data push: the API key may only read; a push needs a key with the `write` scope (`npm run keys -- create --scope read,write`).',
  },
  record_forbidden: {
    status: 403,
    type: 'permission_error',
    description: "Data push: a record is of a property or chain the key's grants do not cover; `param` names the line, and nothing was applied.",
  },
  origin_not_allowed: { status: 403, type: 'permission_error', description: 'MCP: the `Origin` header names a browser origin not allowed to call `/mcp`.' },
  // 404, 405, 413, 414, 415: what is asked for
  property_not_found: { status: 404, type: 'not_found_error', description: 'There is no property with this code (told only to keys that may read every property).' },
  webhook_not_found: { status: 404, type: 'not_found_error', description: 'Webhooks: this API key has no subscription with this id.' },
  webhook_delivery_not_found: { status: 404, type: 'not_found_error', description: 'Webhooks: the subscription has no delivery of this event to retry.' },
  rate_not_found: { status: 404, type: 'not_found_error', description: 'Shopper: the property has no rate with this `rateId`.' },
  route_not_found: { status: 404, type: 'not_found_error', description: 'No route has this path; `/openapi.json` lists the routes.' },
  method_not_allowed: {
    status: 405,
    type: 'invalid_request_error',
    description: 'The path exists but not with this method; the `Allow` header lists the methods it has.',
  },
  idempotency_conflict: {
    status: 409,
    type: 'invalid_request_error',
    description: 'The `Idempotency-Key` was used with another body, or the request it names is still running; use a new key for a new request.',
  },
  write_conflict: {
    status: 409,
    type: 'invalid_request_error',
    description: 'Data push: another write to the same records won, more than once; nothing was applied. Send it again after `Retry-After`.',
  },
  too_many_records: {
    status: 413,
    type: 'invalid_request_error',
    description: 'Data push: more records in one request than the server accepts (`DATA_PUSH_MAX_RECORDS`); split it.',
  },
  body_too_large: { status: 413, type: 'invalid_request_error', description: 'The request body is larger than the server accepts.' },
  uri_too_long: { status: 414, type: 'invalid_request_error', description: 'A path segment of the URL is too long.' },
  unsupported_media_type: { status: 415, type: 'invalid_request_error', description: 'The Content-Type is not accepted on this route.' },
  // 429, 5xx: try again later
  rate_limited: {
    status: 429,
    type: 'rate_limit_error',
    description: 'Too many requests in the window; wait for `Retry-After` seconds (the `RateLimit-*` headers say more).',
  },
  too_many_concurrent_requests: {
    status: 429,
    type: 'rate_limit_error',
    description: 'The caller already has as many heavy requests (chain availability, MCP) running as it may; wait for one to finish.',
  },
  service_overloaded: {
    status: 503,
    type: 'api_error',
    description: 'The instance is shedding load (event-loop delay, memory, or too many chain searches queued); retry after `Retry-After` seconds.',
  },
  internal_error: { status: 500, type: 'api_error', description: 'An unexpected failure of ours; quote the request id to support.' },
  authorization_server_unavailable: {
    status: 503,
    type: 'upstream_error',
    description: 'MCP with OAuth: the authorization server\'s metadata or keys could not be fetched to check the token; retry shortly.',
  },
  upstream_failed: { status: 502, type: 'upstream_error', description: 'A data source behind the API did not answer as expected; retry shortly.' },
  upstream_unavailable: {
    status: 503,
    type: 'upstream_error',
    description:
      'A data source is not being called for now (its circuit breaker is open after repeated failures, or too many calls wait for it), ' +
      'or, on chain availability, not one property answered; retry after `Retry-After` seconds.',
  },
  upstream_timeout: {
    status: 504,
    type: 'upstream_error',
    description: 'A data source did not answer within the time a request may wait for it (`CONNECTOR_DEADLINE_MS`); retry shortly.',
  },
} as const satisfies Record<string, ErrorDefinition>;

type CatalogueCode = keyof typeof ERROR_CATALOGUE;

/** Every code, in catalogue order (the schema `ErrorCode` and its type are made from it). */
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as [CatalogueCode, ...CatalogueCode[]];
