import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Bytes handed to the socket at a time; an answer larger than this goes out in pieces of it. */
export const SENT_SLICE_BYTES = 256 * 1024;

/**
 * Large answers (a chain's thousands of hotels: megabytes) handed to the socket a slice at a
 * time, the next when the socket has taken the last. Handed over whole, TLS encrypts all of it at
 * once, on the event loop, into buffers as large, each page of them newly mapped; slices reuse
 * the same memory (DECISIONS.md has the measurement). The length is known, so the answer keeps
 * its `Content-Length`; compression, when asked for, streams the slices (it runs after this hook).
 */
export const slicedSending = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', (_request, reply, payload, done) => {
      // A string this short is one slice whatever its characters (UTF-8 takes at most three bytes for a UTF-16 unit).
      if (typeof payload === 'string' ? payload.length * 3 <= SENT_SLICE_BYTES : !Buffer.isBuffer(payload)) return done(null, payload);
      const bytes = typeof payload === 'string' ? Buffer.from(payload) : (payload as Buffer);
      if (bytes.length <= SENT_SLICE_BYTES) return done(null, bytes);
      reply.header('content-length', bytes.length);
      done(null, Readable.from(slicesOf(bytes), { objectMode: false }));
    });
  },
  { name: 'sliced-sending' },
);

function* slicesOf(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += SENT_SLICE_BYTES) yield bytes.subarray(at, at + SENT_SLICE_BYTES);
}
