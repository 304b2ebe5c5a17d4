import type { RequestListener } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import { applySocketLimits, closeIfSilent, serverOptions, type SocketLimits } from './socket-limits.js';

// Not an ESM import of `node:http` (see client-errors.ts): that would load Node's bundled undici.
const { createServer: createPlainServer } = process.getBuiltinModule('node:http');

/** First byte of every TLS connection: a handshake record (RFC 8446, section 5.1). */
const TLS_HANDSHAKE = 0x16;

/**
 * Lets the HTTPS server's port also *answer* plain HTTP, so a client that forgot the `s` gets a
 * JSON error instead of a TLS alert it cannot read. The first byte of each connection decides:
 * TLS goes on to the HTTPS server as usual; anything else goes to a plain HTTP parser that feeds
 * the same request handler, where the HTTPS-only hook refuses it. The HTTPS server stays a real
 * `https.Server`, with its own timeouts and connection tracking for graceful shutdown.
 *
 * Both parsers get the same socket limits. A connection that never says a word is closed after
 * the idle timeout; a plain one, which only ever gets one answer, lives at most the headers
 * timeout in all (the plain parser never listens itself, so Node's own header-timeout sweep
 * does not cover it, and a slowloris trickling a byte at a time would outlast an idle timeout).
 */
export function answerPlainHttpOn(
  server: HttpsServer,
  handler: RequestListener,
  limits: SocketLimits,
  onClientError: (error: NodeJS.ErrnoException, socket: Socket) => void,
): void {
  const plainServer = createPlainServer({ keepAlive: false, ...serverOptions(limits) }, handler);
  applySocketLimits(plainServer, limits);
  plainServer.on('clientError', onClientError);
  const startTls = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');

  server.on('connection', (socket: Socket) => {
    closeIfSilent(socket, limits);
    sniff(socket);
  });
  function sniff(socket: Socket): void {
    const chunk: Buffer | null = socket.read();
    if (chunk === null) {
      socket.once('readable', () => sniff(socket));
      return;
    }
    // Put the peeked bytes back for whichever parser takes the connection.
    socket.unshift(chunk);
    // From here on the parser's own timeouts apply (TLS handshake, then HTTP).
    socket.setTimeout(0);
    if (chunk[0] === TLS_HANDSHAKE) {
      for (const listener of startTls) listener.call(server, socket);
    } else {
      const lifetime = setTimeout(() => socket.destroy(), limits.headersTimeoutMs);
      socket.once('close', () => clearTimeout(lifetime));
      plainServer.emit('connection', socket);
    }
  }
  // A connection that closes before saying anything must not leave an unhandled error behind.
  server.on('connection', (socket: Socket) => socket.on('error', () => socket.destroy()));
}
