import type { Property } from '@hotelapi/connectors';
import { PropertyCode } from '@hotelapi/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../http/plugins/api-key-auth.js';
import type { ApiServices } from '../services/context.js';
import { readableProperty } from '../services/property-access.js';
import { errorResponses } from './error-responses.js';

/**
 * What any keyed route about one property may answer: bad input, a missing or refused key, an
 * unknown property, the rate limit, and (each reads its property from a data source) the source
 * failing, being unavailable or too slow.
 */
const PROPERTY_ERRORS = errorResponses([400, 401, 403, 404, 429, 502, 503, 504]);

/**
 * The schema of a keyed `/v1` route about one property: the route's own parts (tags, operation,
 * texts, query, answers), with the property code in the path, the API key and the error envelopes
 * that every such route shares.
 */
export function propertyRouteSchema<Schema extends { readonly response: object }>(schema: Schema) {
  return {
    security: [{ apiKey: [] }],
    params: z.object({ code: PropertyCode }),
    ...schema,
    response: { ...schema.response, ...PROPERTY_ERRORS },
  };
}

/** The property the path names, once the request's key may read it: 403 or 404 otherwise, before any connector is asked. */
export function requestedProperty(services: ApiServices, request: FastifyRequest & { readonly params: { readonly code: string } }): Promise<Property> {
  return readableProperty(services, principalOf(request), request.params.code);
}
