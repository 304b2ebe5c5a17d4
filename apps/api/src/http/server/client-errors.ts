import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { ApiFailure } from '../../failures/api-failure.js';
import { headersTooLarge, requestTimeout } from '../../failures/operational-errors.js';
import { API_VERSION } from '../envelope.js';
import { freshRequestId } from './request-id.js';

/**
 * Answers what the HTTP parser refuses before there is a request for Fastify to route (headers
 * over the limit, a request not received in time, bytes that are not HTTP), in the envelope every
 * REST error uses, on the TLS and plain listeners alike. Node's and Fastify's defaults answer
 * these in shapes of their own.
 */
export function answerClientErrors(maxHeaderBytes: number, log: () => FastifyBaseLogger) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const failure = clientFailure(error, maxHeaderBytes);
    const requestId = freshRequestId();
    log().info({ err: { code: error.code }, status: failure.status, reqId: requestId }, 'connection refused by the HTTP parser');
    if (socket.writable) {
      const body = JSON.stringify({
        data: null,
        summary: {},
        metadata: { apiVersion: API_VERSION, requestId },
        error: { type: failure.type, code: failure.code, message: failure.message, requestId },
      });
      socket.write(
        `HTTP/1.1 ${failure.status} ${STATUS_CODES[failure.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}

function clientFailure(error: NodeJS.ErrnoException, maxHeaderBytes: number): ApiFailure {
  if (error.code === 'HPE_HEADER_OVERFLOW') return headersTooLarge(maxHeaderBytes);
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return requestTimeout();
  return new ApiFailure('request_invalid', 'The request is not valid HTTP.');
}
