import type { RequestListener } from 'node:http';
import { createServer as createHttpsServer, type Server } from 'node:https';
import type { Socket } from 'node:net';
import { answerPlainHttpOn } from './plain-http-door.js';
import { applySocketLimits, serverOptions, type SocketLimits } from './socket-limits.js';
import type { TlsMaterial } from './tls.js';

/** How every listener treats its connections: the socket limits, and who answers what the HTTP parser refuses. */
export interface ConnectionPolicy {
  readonly limits: SocketLimits;
  readonly onClientError: (error: NodeJS.ErrnoException, socket: Socket) => void;
}

/**
 * An HTTPS server for Fastify's request handler whose port also answers plain HTTP (with a
 * refusal), both under the same connection policy.
 */
export function createTlsServer(tls: Pick<TlsMaterial, 'cert' | 'key'>, handler: RequestListener, policy: ConnectionPolicy): Server {
  const { limits, onClientError } = policy;
  const server = createHttpsServer(
    { cert: tls.cert, key: tls.key, minVersion: 'TLSv1.2', handshakeTimeout: limits.idleTimeoutMs, ...serverOptions(limits) },
    handler,
  );
  applySocketLimits(server, limits);
  answerPlainHttpOn(server, handler, limits, onClientError);
  return server;
}
