import { setTimeout as delay } from 'node:timers/promises';
import { loadKeyStore, SANDBOX_API_KEYS, type KeyStore } from '@hotelapi/auth';
import { PostgresKeyStore } from '@hotelapi/auth/postgres';
import {
  checkDatabase,
  createConnectors,
  createDatabase,
  DatabaseUnavailableError,
  HOTEL_DATA_MIGRATION_SET,
  type ConnectorConfig,
  type MigrationSet,
} from '@hotelapi/connectors';
import closeWithGrace from 'close-with-grace';
import { buildApp, connectionPolicy } from './app.js';
import { ConfigError, loadConfig, type ApiConfig } from './config.js';
import { listenOn } from './http/server/listen.js';
import { loadTlsMaterial } from './http/server/tls.js';
import { MIGRATION_SETS } from './migration-sets.js';

/** Reads the configuration, builds the app and listens (`main.ts` loads this); everything else lives in buildApp. */
async function main(): Promise<void> {
  const config = loadConfig();
  // Keys (whenever DATABASE_URL is set) and hotel data (CONNECTOR=postgres) live in PostgreSQL: it
  // must answer, with the schema this build expects for what this instance reads there.
  if (config.DATABASE_URL) {
    const sets = MIGRATION_SETS.filter((set) => set !== HOTEL_DATA_MIGRATION_SET || config.CONNECTOR === 'postgres');
    await checkPostgres(config.DATABASE_URL, sets);
  }
  const [tls, keyStore] = await Promise.all([
    loadTlsMaterial({ certFile: config.TLS_CERT_FILE, keyFile: config.TLS_KEY_FILE, selfSignedDir: config.TLS_DIR }),
    openKeyStore(config),
  ]);
  const connectors = createConnectors(connectorConfigOf(config));
  const app = await buildApp({ config, connectors, keyStore, tls });

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

function connectorConfigOf(config: ApiConfig): ConnectorConfig {
  if (config.CONNECTOR === 'sandbox') return { kind: 'sandbox' };
  return {
    kind: 'postgres',
    url: config.DATABASE_URL ?? '',
    poolSize: config.DATABASE_POOL_SIZE,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  };
}

/** The database answers and its schema is the one this build expects; else one line and exit 1. */
async function checkPostgres(url: string, sets: readonly MigrationSet[]): Promise<void> {
  const db = createDatabase({ url, poolSize: 1 });
  try {
    await checkDatabase(db, url, sets);
  } finally {
    await db.destroy();
  }
}

/** Keys in PostgreSQL when DATABASE_URL is set, else the key file (read once, at start). */
function openKeyStore(config: ApiConfig): Promise<KeyStore> {
  if (!config.DATABASE_URL) return loadKeyStore({ file: config.API_KEYS_FILE, sandbox: config.sandboxKeys });
  return PostgresKeyStore.open({
    connectionString: config.DATABASE_URL,
    sandbox: config.sandboxKeys,
    log: { warn: (object, message) => console.warn(JSON.stringify({ level: 40, ...object, msg: message })), info: (message) => console.info(JSON.stringify({ level: 30, msg: message })) },
  });
}

main().catch((error: unknown) => {
  // A configuration mistake is the operator's to fix: say what, without a stack trace.
  if (error instanceof ConfigError || error instanceof DatabaseUnavailableError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
