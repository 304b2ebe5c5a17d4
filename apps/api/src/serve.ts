import { setTimeout as delay } from 'node:timers/promises';
import { getCACertificates } from 'node:tls';
import { loadKeyStore, SANDBOX_API_KEYS, type KeyStore } from '@hotelapi/auth';
import { createConnectors, DatabaseUnavailableError, type ConnectorConfig, type PostgresConnectorConfig } from '@hotelapi/connectors';
import closeWithGrace from 'close-with-grace';
import { buildApp, connectionPolicy } from './app.js';
import { ConfigError, loadConfig, type ApiConfig } from './config.js';
import { listenOn } from './http/server/listen.js';
import { StartupError } from './http/server/startup-error.js';
import { loadTlsMaterial } from './http/server/tls.js';

/** Reads the configuration, builds the app and listens (`main.ts` calls this); everything else lives in buildApp. */
export async function serve(): Promise<void> {
  const config = loadConfig();
  // Keys (whenever DATABASE_URL is set) and hotel data (CONNECTOR=postgres) live in PostgreSQL; its
  // modules (Kysely, pg) load only in an instance that uses it.
  const url = config.DATABASE_URL;
  const postgres = url ? await import('./start-with-postgres.js') : undefined;
  if (postgres && url) await postgres.checkPostgres(url, config.CONNECTOR);
  const keys: Promise<KeyStore> =
    postgres && url ? postgres.openPostgresKeyStore(url, config.sandboxKeys) : loadKeyStore({ file: config.API_KEYS_FILE, sandbox: config.sandboxKeys });
  const [tls, keyStore] = await Promise.all([
    loadTlsMaterial({ certFile: config.TLS_CERT_FILE, keyFile: config.TLS_KEY_FILE, selfSignedDir: config.TLS_DIR }),
    keys,
  ]);
  const connectors = await createConnectors(connectorConfigOf(config, postgres?.databaseLog));
  // With sandbox keys, webhook deliveries also trust the development certificate, which
  // `npm run webhooks:listen` serves too: the local loop needs no NODE_EXTRA_CA_CERTS.
  const webhookCa = config.sandboxKeys && tls.source !== 'configured' ? [...getCACertificates('default'), tls.cert].join('\n') : undefined;
  const app = await buildApp({ config, connectors, keyStore, tls, ...(webhookCa && { webhookCa }) });

  // A rolling restart: readiness turns 503 at once so the load balancer stops sending; requests
  // that still arrive are served for the drain period; then the listeners close (in-flight
  // requests finish), then the stores. Past SHUTDOWN_TIMEOUT_MS the process exits anyway.
  closeWithGrace({ delay: config.SHUTDOWN_TIMEOUT_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an unexpected error');
    else app.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'draining, then shutting down');
    app.startDraining();
    if (!err) await delay(config.SHUTDOWN_DRAIN_MS);
    await app.close();
    await connectors.close?.();
    await keyStore.close?.();
    app.log.info('shut down');
  });

  if (config.sandboxKeys) {
    app.log.info({ sandboxKeys: SANDBOX_API_KEYS.map(({ key, label }) => ({ key, label })) }, 'sandbox API keys');
  }
  await listenOn(app, {
    host: config.HOST,
    port: config.PORT,
    tls,
    connections: connectionPolicy(config, app.log),
    // Fastify cannot tell that our server factory speaks TLS; say what a client must use.
    listenTextResolver: (address) => {
      const url = address.replace(/^http:/, 'https:');
      return `Hotel API listening on ${url} (docs: ${url}/docs; connector: ${config.CONNECTOR}; certificate: ${tls.source})`;
    },
  });
}

function connectorConfigOf(config: ApiConfig, log: NonNullable<PostgresConnectorConfig['readReplica']>['switchLog']): ConnectorConfig {
  if (config.CONNECTOR === 'sandbox') return { kind: 'sandbox', idempotencyRetentionMs: config.IDEMPOTENCY_RETENTION_MS };
  return {
    kind: 'postgres',
    idempotencyRetentionMs: config.IDEMPOTENCY_RETENTION_MS,
    url: config.DATABASE_URL ?? '',
    poolSize: config.DATABASE_POOL_SIZE,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    ...(config.DATABASE_READ_URL && { readReplica: { url: config.DATABASE_READ_URL, maxLagMs: config.DATABASE_MAX_LAG_MS, switchLog: log } }),
  };
}

/** How a failed start ends: a configuration mistake is the operator's to fix, said without a stack trace. */
export function failedStart(error: unknown): never {
  if (error instanceof ConfigError || error instanceof DatabaseUnavailableError || error instanceof StartupError) console.error(error.message);
  else console.error(error);
  process.exit(1);
}
