import type { Server } from 'node:https';
import type { FastifyInstance, FastifyListenOptions } from 'fastify';
import { createTlsServer, type ConnectionPolicy } from './tls-server.js';
import type { TlsMaterial } from './tls.js';

/** What `localhost` means here: both loopback addresses, as the self-signed certificate names them. */
const LOCALHOST = ['127.0.0.1', '::1'] as const;

export interface ListenSettings extends Pick<FastifyListenOptions, 'port' | 'listenTextResolver'> {
  readonly host: string;
  readonly tls: Pick<TlsMaterial, 'cert' | 'key'>;
  /** The app's connection policy, for the second server (see `connectionPolicy` in app.ts). */
  readonly connections: ConnectionPolicy;
}

/**
 * Listens on `host`; for `localhost`, on 127.0.0.1 and ::1 alike, so that a client resolving
 * `localhost` to either reaches the API. Fastify binds every address of `localhost` itself, but
 * only those the resolver lists (often 127.0.0.1 alone) and never with a server factory, which we
 * need (TLS and the plain-HTTP door): so the second address gets a server of its own on the same
 * port, serving the same handler, closed with the app. An address the machine lacks (IPv6 off) is
 * logged and skipped.
 */
export async function listenOn(app: FastifyInstance, { host, tls, connections, port, listenTextResolver }: ListenSettings): Promise<void> {
  if (host !== 'localhost') {
    await app.listen({ host, port, listenTextResolver });
    return;
  }
  const [primary, ...others] = LOCALHOST;
  const twins: Server[] = [];
  app.addHook('preClose', async () => {
    await Promise.all(twins.map((twin) => new Promise<void>((resolve) => twin.close(() => resolve()).closeIdleConnections())));
  });
  await app.listen({ host: primary, port, listenTextResolver });
  const { port: bound } = app.server.address() as { port: number };
  for (const address of others) {
    const twin = createTlsServer(tls, app.routing, connections);
    try {
      await new Promise<void>((resolve, reject) => twin.once('error', reject).listen(bound, address, resolve));
      twins.push(twin);
      app.log.info(`also listening on ${address}, port ${bound}`);
    } catch (error) {
      app.log.warn({ err: error }, `cannot listen on ${address}: localhost serves ${primary} only`);
    }
  }
}
