import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One access line per request, written when it is answered: the request (method, redacted URL,
 * host, client), the status and the time taken. Fastify's default writes two (one on arrival, one
 * on completion), and each line is a serialisation and a write on the hot path of every
 * request. The arrival line is kept at `debug`, for following
 * requests as they come in.
 */
export class AccessLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
