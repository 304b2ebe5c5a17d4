import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A client-sent id is kept only when it is short and plain enough to log and echo safely. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the caller's X-Request-Id when sane, else a fresh one. */
export function requestIdFor(request: Pick<IncomingMessage, 'headers'>): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && SANE_REQUEST_ID.test(sent) ? sent : freshRequestId();
}

export function freshRequestId(): string {
  return `req_${randomUUID().replaceAll('-', '')}`;
}
