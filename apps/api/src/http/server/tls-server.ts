import type { RequestListener } from 'node:http';
import { createServer as createHttpsServer, type Server } from 'node:https';
import { answerPlainHttpOn } from './plain-http-door.js';
import type { TlsMaterial } from './tls.js';

/** An HTTPS server for Fastify's request handler whose port also answers plain HTTP (with a refusal). */
export function createTlsServer(tls: Pick<TlsMaterial, 'cert' | 'key'>, handler: RequestListener): Server {
  const server = createHttpsServer({ cert: tls.cert, key: tls.key, minVersion: 'TLSv1.2' }, handler);
  answerPlainHttpOn(server, handler);
  return server;
}
