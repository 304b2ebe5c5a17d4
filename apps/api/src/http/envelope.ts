import type { FastifyRequest } from 'fastify';
import type { ApiFailure } from './errors/api-failure.js';

/** The API version every envelope reports; the REST paths carry it as `/v1`. */
export const API_VERSION = 'v1';

/** The metadata every envelope carries, whatever the endpoint adds to it. */
export function baseMetadata(request: FastifyRequest) {
  return { apiVersion: API_VERSION, requestId: request.id };
}

/** A successful REST envelope: `error` is null; `metadata.stale` when a data source failed and a kept answer stood in. */
export function envelope<Data, Summary, Metadata extends object>(
  request: FastifyRequest,
  body: { data: Data; summary: Summary; metadata: Metadata },
) {
  const stale = request.connectorScope?.stale === true;
  return {
    data: body.data,
    summary: body.summary,
    metadata: { ...baseMetadata(request), ...body.metadata, ...(stale && { stale }) },
    error: null,
  };
}

/** A failed REST envelope: `data` is null and `error` says what went wrong, in words safe to show. */
export function errorEnvelope(request: FastifyRequest, error: ApiFailure) {
  return {
    data: null,
    summary: {},
    metadata: baseMetadata(request),
    error: {
      type: error.type,
      code: error.code,
      message: error.message,
      ...(error.param === undefined ? {} : { param: error.param }),
      requestId: request.id,
    },
  };
}
