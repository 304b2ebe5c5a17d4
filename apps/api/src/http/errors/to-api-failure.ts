import { hasZodFastifySchemaValidationErrors } from '@fastify/type-provider-zod';
import type { ErrorCode } from '@hotelapi/domain';
import type { FastifyError, FastifyRequest } from 'fastify';
import { ApiFailure } from '../../failures/api-failure.js';
import { failureOf } from '../../failures/failure-of.js';

/** Fastify's own client errors we answer in our shape, with our wording (theirs can name internals). */
const FASTIFY_CLIENT_ERRORS: Readonly<Record<string, { code: ErrorCode; message: string }>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'body_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: 'This Content-Type is not accepted here.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'body_invalid', message: 'The Content-Length does not match the body.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'body_invalid', message: 'The JSON body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'body_invalid', message: 'The body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_TYPE: { code: 'body_invalid', message: 'The Content-Type header is empty.' },
  FST_ERR_CTP_INVALID_TYPE: { code: 'body_invalid', message: 'The Content-Type header is invalid.' },
  FST_ERR_BAD_URL: { code: 'url_invalid', message: 'The URL is malformed.' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'uri_too_long', message: 'A path segment of the URL is too long.' },
  FST_ERR_ASYNC_CONSTRAINT: { code: 'request_invalid', message: 'The request could not be routed.' },
};

/**
 * What a client should be told about an error: what `failureOf` makes of it (an ApiFailure, an
 * upstream failure), a schema validation failure as a 400 naming the parameter, a known Fastify
 * client error in our words. Undefined means the error is ours (a bug) and must not be described to the client.
 */
export function toApiFailure(error: unknown, request?: FastifyRequest): ApiFailure | undefined {
  const failure = failureOf(error);
  if (failure) return failure;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const [first] = error.validation;
    const param = first?.instancePath.split('/').find(Boolean) ?? undefined;
    // Schemas word their own messages, so "missing" is told from what the request carried.
    const missing = param !== undefined && request !== undefined && sentValue(request, error.validationContext, param) === undefined;
    const where = param ?? (error.validationContext === 'body' ? 'body' : 'request');
    return new ApiFailure(
      missing ? 'parameter_missing' : 'parameter_invalid',
      missing ? `${where} is required.` : `${where}: ${first?.message ?? 'invalid value'}.`,
      { param },
    );
  }
  const fastifyError = error as Partial<FastifyError> | null;
  const known = fastifyError?.code ? FASTIFY_CLIENT_ERRORS[fastifyError.code] : undefined;
  if (known) return new ApiFailure(known.code, known.message);
  // Errors from plugins (rate limit, CORS) that set a 4xx status and a message meant for clients.
  if (fastifyError?.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500 && fastifyError.statusCode !== 429) {
    return new ApiFailure('request_invalid', 'The request is invalid.', { status: fastifyError.statusCode });
  }
  return undefined;
}

/** The raw value the client sent for a parameter, or undefined when it sent none. */
function sentValue(request: FastifyRequest, context: string | undefined, param: string): unknown {
  const source = context === 'querystring' ? request.query : context === 'params' ? request.params : context === 'body' ? request.body : undefined;
  return typeof source === 'object' && source !== null ? (source as Record<string, unknown>)[param] : undefined;
}
