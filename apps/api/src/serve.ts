import { loadKeyStore, SANDBOX_API_KEYS } from '@hotelapi/auth';
import { createConnectors } from '@hotelapi/connectors';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { listenOn } from './http/server/listen.js';
import { loadTlsMaterial } from './http/server/tls.js';

/** Reads the configuration, builds the app and listens (`main.ts` loads this); everything else lives in buildApp. */
async function main(): Promise<void> {
  const config = loadConfig();
  const [tls, keyStore] = await Promise.all([
    loadTlsMaterial({ certFile: config.TLS_CERT_FILE, keyFile: config.TLS_KEY_FILE, selfSignedDir: config.TLS_DIR }),
    loadKeyStore({ file: config.API_KEYS_FILE, sandbox: config.sandboxKeys }),
  ]);
  const connectors = createConnectors({ kind: config.CONNECTOR });
  const app = await buildApp({ config, connectors, keyStore, tls });

  // In-flight requests finish; new ones get 503 and /readyz turns 503 while the app drains.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an unexpected error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
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

main().catch((error: unknown) => {
  // A configuration mistake is the operator's to fix: say what, without a stack trace.
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
