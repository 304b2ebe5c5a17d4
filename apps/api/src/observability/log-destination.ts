import pino, { type DestinationStream } from 'pino';

/**
 * Standard output, each line written before the next request is served. Pino's own default for
 * stdout is asynchronous: lines go out through libuv's thread pool, one hand-off and wake-up per
 * batch, which under load cost the built service more CPU a request than the write it
 * saves, and a process killed for its memory takes the lines still queued with it. Sonic-boom
 * (pino's destination) retries a full pipe, so a slow log collector slows the service down rather
 * than losing lines or growing a buffer without bound.
 */
export function stdoutLines(): DestinationStream {
  return pino.destination({ dest: 1, sync: true });
}
