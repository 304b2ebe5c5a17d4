import type { FastifyRequest } from 'fastify';
import type { ApiFailure } from '../failures/api-failure.js';

/** The API version every envelope reports; the REST paths carry it as `/v1`. */
export const API_VERSION = 'v1';

/** The metadata every envelope carries, whatever the endpoint adds to it. */
export function baseMetadata(request: FastifyRequest) {
  return { apiVersion: API_VERSION, requestId: request.id };
}

/** What a successful envelope says of the request it answers. */
export interface AnsweredRequest {
  readonly id: string;
  /** A data source failed and a kept answer stood in. */
  readonly stale: boolean;
}

/** The part of a successful envelope that is the endpoint's own. */
export interface EnvelopeBody<Data, Summary, Metadata extends object> {
  readonly data: Data;
  readonly summary: Summary;
  readonly metadata: Metadata;
}

/** A successful REST envelope: `error` is null; `metadata.stale` when a data source failed and a kept answer stood in. */
export function envelope<Data, Summary, Metadata extends object>(request: FastifyRequest, body: EnvelopeBody<Data, Summary, Metadata>) {
  return envelopeOf({ id: request.id, stale: request.connectorScope?.stale === true }, body);
}

export function envelopeOf<Data, Summary, Metadata extends object>(request: AnsweredRequest, body: EnvelopeBody<Data, Summary, Metadata>) {
  const { stale } = request;
  return {
    data: body.data,
    summary: body.summary,
    metadata: { apiVersion: API_VERSION, requestId: request.id, ...body.metadata, ...(stale && { stale }) },
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
