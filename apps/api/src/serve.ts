import { loadKeyStore, SANDBOX_API_KEYS } from '@hotelapi/auth';
import { checkDatabase, createConnectors, createDatabase, DatabaseUnavailableError, type ConnectorConfig } from '@hotelapi/connectors';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type ApiConfig } from './config.js';
import { listenOn } from './http/server/listen.js';
import { loadTlsMaterial } from './http/server/tls.js';
import { MIGRATION_SETS } from './migration-sets.js';

/** Reads the configuration, builds the app and listens (`main.ts` loads this); everything else lives in buildApp. */
async function main(): Promise<void> {
  const config = loadConfig();
  const [tls, keyStore] = await Promise.all([
    loadTlsMaterial({ certFile: config.TLS_CERT_FILE, keyFile: config.TLS_KEY_FILE, selfSignedDir: config.TLS_DIR }),
    loadKeyStore({ file: config.API_KEYS_FILE, sandbox: config.sandboxKeys }),
  ]);
  const connectorConfig = connectorConfigOf(config);
  if (connectorConfig.kind === 'postgres') await checkPostgres(connectorConfig.url);
  const connectors = createConnectors(connectorConfig);
  const app = await buildApp({ config, connectors, keyStore, tls });

  // In-flight requests finish; new ones get 503 and /readyz turns 503 while the app drains.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an unexpected error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await connectors.close?.();
  });

  if (config.sandboxKeys) {
    app.log.info({ sandboxKeys: SANDBOX_API_KEYS.map(({ key, label }) => ({ key, label })) }, 'sandbox API keys');
  }
  await listenOn(app, {
    host: config.HOST,
    port: config.PORT,
    tls,
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
async function checkPostgres(url: string): Promise<void> {
  const db = createDatabase({ url, poolSize: 1 });
  try {
    await checkDatabase(db, url, MIGRATION_SETS);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  // A configuration mistake is the operator's to fix: say what, without a stack trace.
  if (error instanceof ConfigError || error instanceof DatabaseUnavailableError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
