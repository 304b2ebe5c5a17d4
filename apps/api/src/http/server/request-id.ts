import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A client-sent id is kept only when it is short and plain enough to log and echo safely. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
/**
 * Nor when it looks like one of our API keys (any letter case): an id is logged, echoed and kept
 * by every proxy on the way, and a client that pastes its key there would spread it.
 */
const KEY_SHAPED = /sk_(?:live|test)_/i;

/** Fastify's `genReqId`: the caller's X-Request-Id when sane, else a fresh one. */
export function requestIdFor(request: Pick<IncomingMessage, 'headers'>): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && SANE_REQUEST_ID.test(sent) && !KEY_SHAPED.test(sent) ? sent : freshRequestId();
}

const ID_BYTES = 16;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/** 128 random bits in 32 hex digits, taken from a pool: one `randomBytes` call per 256 ids. */
export function freshRequestId(): string {
  if (poolOffset === pool.length) {
    pool = randomBytes(ID_BYTES * 256);
    poolOffset = 0;
  }
  poolOffset += ID_BYTES;
  return `req_${pool.toString('hex', poolOffset - ID_BYTES, poolOffset)}`;
}

