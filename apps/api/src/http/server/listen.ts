import type { Server } from 'node:https';
import type { FastifyInstance, FastifyListenOptions } from 'fastify';
import { reasonOf, StartupError } from './startup-error.js';
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
export async function listenOn(app: FastifyInstance, settings: ListenSettings): Promise<void> {
  try {
    await listenOnEvery(app, settings);
  } catch (error) {
    throw new StartupError(`Cannot listen on ${settings.host}, port ${settings.port}: ${whyNotListening(error)}.`);
  }
}

async function listenOnEvery(app: FastifyInstance, { host, tls, connections, port, listenTextResolver }: ListenSettings): Promise<void> {
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

function whyNotListening(error: unknown): string {
  switch ((error as NodeJS.ErrnoException | undefined)?.code) {
    case 'EADDRINUSE':
      return 'another process is using that port (stop it, or choose another PORT)';
    case 'EACCES':
      return 'permission denied (a port below 1024 needs privileges: choose a PORT of 1024 or above)';
    case 'EADDRNOTAVAIL':
      return 'this machine has no such address (check HOST)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'that host name does not resolve (check HOST)';
    default:
      return reasonOf(error);
  }
}
