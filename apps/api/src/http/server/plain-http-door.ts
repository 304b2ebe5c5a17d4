import { createServer as createPlainServer, type RequestListener } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { Socket } from 'node:net';

/** First byte of every TLS connection: a handshake record (RFC 8446, section 5.1). */
const TLS_HANDSHAKE = 0x16;

/** A plain-HTTP connection only ever gets one answer; it is not kept waiting. */
const PLAIN_SOCKET_TIMEOUT_MS = 10_000;

/**
 * Lets the HTTPS server's port also *answer* plain HTTP, so a client that forgot the `s` gets a
 * JSON error instead of a TLS alert it cannot read. The first byte of each connection decides:
 * TLS goes on to the HTTPS server as usual; anything else goes to a plain HTTP parser that feeds
 * the same request handler, where the HTTPS-only hook refuses it. The HTTPS server stays a real
 * `https.Server`, with its own timeouts and connection tracking for graceful shutdown.
 */
export function answerPlainHttpOn(server: HttpsServer, handler: RequestListener): void {
  const plainServer = createPlainServer({ keepAlive: false }, handler);
  const startTls = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');

  server.on('connection', function sniff(socket: Socket) {
    const chunk: Buffer | null = socket.read();
    if (chunk === null) {
      socket.once('readable', () => sniff(socket));
      return;
    }
    // Put the peeked bytes back for whichever parser takes the connection.
    socket.unshift(chunk);
    if (chunk[0] === TLS_HANDSHAKE) {
      for (const listener of startTls) listener.call(server, socket);
    } else {
      socket.setTimeout(PLAIN_SOCKET_TIMEOUT_MS, () => socket.destroy());
      plainServer.emit('connection', socket);
    }
  });
  // A connection that closes before saying anything must not leave an unhandled error behind.
  server.on('connection', (socket: Socket) => socket.on('error', () => socket.destroy()));
}
