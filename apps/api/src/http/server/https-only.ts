import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiFailure } from '../../failures/api-failure.js';

/**
 * The contract says plain-HTTP calls fail. They are answered (so the caller learns why) but never
 * served nor redirected: a redirect would teach clients that sending a key in clear text works.
 * `request.protocol` is the socket's own unless the proxy is trusted, then X-Forwarded-Proto's.
 */
export function rejectPlainHttp(request: FastifyRequest, reply: FastifyReply): void {
  if (request.protocol === 'https') return;
  // One answer per plain connection: nothing more is read from it.
  reply.header('connection', 'close');
  const keySent = request.headers.authorization !== undefined;
  throw new ApiFailure(
    'https_required',
    'HTTPS is required: this API does not serve plain HTTP.' +
      (keySent ? ' The API key in this request travelled unencrypted; revoke it and use a new one.' : ''),
  );
}
