import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiFailure } from '../../failures/api-failure.js';
import { toApiFailure } from '../errors/to-api-failure.js';

/**
 * Renders any failure: a client error in its own shape, anything else as a generic 500 that
 * names only the request id (the details go to the log, never to the client).
 */
export type ErrorRenderer = (request: FastifyRequest, reply: FastifyReply, error: ApiFailure) => unknown;

const INTERNAL = new ApiFailure('internal_error', 'An unexpected error occurred. Quote the request id when you contact support.');

/** Installs the error handler of the current encapsulation context with the given renderer. */
export function handleErrorsWith(app: FastifyInstance, render: ErrorRenderer): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const failure = failureToReport(error, request);
    return reply.code(failure.status).headers(failure.headers).send(render(request, reply, failure));
  });
}

/**
 * What to tell the client about an error, logged on the way: a client error at info level, ours
 * or an upstream's (the full error) at error level, since only those need someone to act.
 */
export function failureToReport(error: unknown, request: FastifyRequest): ApiFailure {
  const clientError = toApiFailure(error, request);
  if (clientError && clientError.status < 500) {
    request.log.info({ err: { code: clientError.code, status: clientError.status } }, 'request refused');
  } else {
    request.log.error({ err: error }, 'request failed');
  }
  return clientError ?? INTERNAL;
}
