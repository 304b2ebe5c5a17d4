import type { Server as HttpServer } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { Socket } from 'node:net';

export interface SocketLimits {
  /** A connection with no traffic for this long is closed (also before TLS or HTTP has begun). */
  readonly idleTimeoutMs: number;
  /** The whole request head must arrive within this (slowloris). */
  readonly headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this. */
  readonly requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  readonly keepAliveTimeoutMs: number;
  /** Open connections, TLS and plain together; more are refused at accept. */
  readonly maxConnections: number;
  /** Largest request head, in bytes; more is a 431. */
  readonly maxHeaderBytes: number;
}

/**
 * The options `http(s).createServer` takes for the limits. `connectionsCheckingInterval` is how
 * often Node looks for requests past their header or request timeout (30 s by default, which
 * would let a slowloris hold a socket for up to 30 s past its deadline).
 */
export function serverOptions(limits: SocketLimits) {
  return {
    headersTimeout: limits.headersTimeoutMs,
    // Node refuses a request timeout shorter than the headers timeout.
    requestTimeout: Math.max(limits.requestTimeoutMs, limits.headersTimeoutMs),
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    maxHeaderSize: limits.maxHeaderBytes,
    connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
  };
}

/** Applies the limits no constructor option sets: idle timeout and connection cap. */
export function applySocketLimits(server: HttpsServer | HttpServer, limits: SocketLimits): void {
  server.maxConnections = limits.maxConnections;
  // Node destroys a socket idle this long when no 'timeout' listener is installed.
  server.timeout = limits.idleTimeoutMs;
}

/**
 * A connection that has not said anything yet (not even a TLS hello) belongs to no server's
 * timeout: it is closed after `idleTimeoutMs` unless its first bytes come sooner.
 */
export function closeIfSilent(socket: Socket, limits: SocketLimits): void {
  socket.setTimeout(limits.idleTimeoutMs, () => socket.destroy());
}
