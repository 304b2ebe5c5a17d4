import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { ApiFailure } from '../../failures/api-failure.js';
import { headersTooLarge, requestTimeout } from '../../failures/operational-errors.js';
import { API_VERSION } from '../envelope.js';
import { freshRequestId } from './request-id.js';

// From the module object, not an ESM import of `node:http`: building that namespace reads every
// export, `WebSocket`'s too, which loads Node's bundled undici (a hundred modules) at every start.
const { STATUS_CODES } = process.getBuiltinModule('node:http');

/** What a refused client may still send after its answer: read and dropped, up to these bounds. */
const DRAIN_MAX_BYTES = 1024 * 1024;
const DRAIN_MAX_MS = 5_000;

/**
 * Answers what the HTTP parser refuses before there is a request for Fastify to route (headers
 * over the limit, a request not received in time, bytes that are not HTTP), in the envelope every
 * REST error uses, on the TLS and plain listeners alike. Node's and Fastify's defaults answer
 * these in shapes of their own.
 */
export function answerClientErrors(maxHeaderBytes: number, log: () => FastifyBaseLogger) {
  // Node's parser reports the same failure again for every later chunk and at the client's end.
  const answered = new WeakSet<Socket>();
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
    answered.add(socket);
    const failure = clientFailure(error, maxHeaderBytes);
    const requestId = freshRequestId();
    log().info({ err: { code: error.code }, status: failure.status, reqId: requestId }, 'connection refused by the HTTP parser');
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const body = JSON.stringify({
      data: null,
      summary: {},
      metadata: { apiVersion: API_VERSION, requestId },
      error: { type: failure.type, code: failure.code, message: failure.message, requestId },
    });
    socket.end(
      `HTTP/1.1 ${failure.status} ${STATUS_CODES[failure.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
    closeAfterDraining(socket);
  };
}

/**
 * Closes a connection whose answer is written (and its sending side ended) without losing that
 * answer. The client is often still sending the rest of a request we refused; closing a socket
 * with unread bytes makes the kernel send a reset, and a reset makes the client drop the answer it
 * has not read yet. So what the client sends is read and dropped until it closes its side, or until
 * a bound in bytes or time is reached, then the socket is destroyed.
 */
function closeAfterDraining(socket: Socket): void {
  // The HTTP parser's listener: it has failed and would only fail again. Adding ours takes the
  // socket back from the parser (Node stops feeding it the bytes directly).
  socket.removeAllListeners('data');
  let drained = 0;
  socket.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_MAX_BYTES) socket.destroy();
  });
  socket.once('end', () => socket.destroy());
  const deadline = setTimeout(() => socket.destroy(), DRAIN_MAX_MS);
  socket.once('close', () => clearTimeout(deadline));
  socket.resume();
}

function clientFailure(error: NodeJS.ErrnoException, maxHeaderBytes: number): ApiFailure {
  if (error.code === 'HPE_HEADER_OVERFLOW') return headersTooLarge(maxHeaderBytes);
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return requestTimeout();
  return new ApiFailure('request_invalid', 'The request is not valid HTTP.');
}
