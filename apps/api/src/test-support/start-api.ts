import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadKeyStore, type KeyStore } from '@hotelapi/auth';
import { createSandboxConnectors, type ConnectorObserver, type Connectors } from '@hotelapi/connectors';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { Agent, request as undiciRequest } from 'undici';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { loadTlsMaterial, type TlsMaterial } from '../http/server/tls.js';

/** The instant tests treat as "now": sandbox prices and date checks depend on it. */
export const TEST_NOW = new Date('2026-11-21T10:00:00Z');

let sharedTls: Promise<TlsMaterial> | undefined;

/** One self-signed certificate for the whole test run (creating one costs a few milliseconds). */
function testTls(): Promise<TlsMaterial> {
  // Real time, not TEST_NOW: the TLS client checks validity against the real clock.
  return (sharedTls ??= loadTlsMaterial({ selfSignedDir: mkdtempSync(join(tmpdir(), 'hotel-api-tls-')) }));
}

export interface RunningApi {
  readonly app: FastifyInstance;
  /** `https://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Trusts the test certificate. */
  readonly dispatcher: Agent;
  readonly ca: string;
  get(path: string, headers?: Record<string, string>): Promise<TestResponse>;
  request(method: string, path: string, options?: { headers?: Record<string, string>; body?: string }): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  /** Parsed JSON body (undefined when the body is empty); tests check its shape, so it is loosely typed. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any;
}

export interface StartOptions {
  readonly env?: Record<string, string>;
  readonly connectors?: Connectors;
  readonly keyStore?: KeyStore;
  readonly now?: () => Date;
  /** Fastify logger options (for example a capturing `stream`); silent by default. */
  readonly logger?: FastifyServerOptions['logger'];
  /** Told about every data-source call (outcomes, retries, breaker states, stale answers). */
  readonly connectorObserver?: ConnectorObserver;
  /** A CA webhook receivers' certificates chain to (test receivers are self-signed). */
  readonly webhookCa?: string;
}

/** Starts the real API on a free port over real HTTPS, with the sandbox and a pinned clock. */
export async function startApi(options: StartOptions = {}): Promise<RunningApi> {
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    // Test files run side by side on a shared machine, where the loop stalls for reasons of its
    // own; shedding on event-loop delay is on only in the tests about it.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...options.env,
  });
  const now = options.now ?? (() => TEST_NOW);
  const tls = await testTls();
  const app = await buildApp({
    config,
    connectors: options.connectors ?? createSandboxConnectors({ now }),
    keyStore: options.keyStore ?? (await loadKeyStore({ sandbox: true })),
    tls,
    now,
    logger: options.logger,
    connectorObserver: options.connectorObserver,
    webhookCa: options.webhookCa,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const url = `https://127.0.0.1:${port}`;
  const dispatcher = new Agent({ connect: { ca: tls.cert } });

  const send = async (method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) => {
    const response = await undiciRequest(`${url}${path}`, {
      method: method as 'GET',
      headers: init.headers,
      body: init.body,
      dispatcher,
    });
    const text = await response.body.text();
    return {
      status: response.statusCode,
      headers: response.headers,
      text,
      body: text && String(response.headers['content-type'] ?? '').includes('json') ? JSON.parse(text) : undefined,
    };
  };

  return {
    app,
    url,
    port,
    dispatcher,
    ca: tls.cert,
    get: (path, headers) => send('GET', path, { headers }),
    request: send,
    close: async () => {
      await dispatcher.close();
      await app.close();
    },
  };
}

/** `Authorization` for the sandbox keys. */
export const SANDBOX_AUTH = { authorization: 'Bearer sk_test_sandbox' } as const;
export const LIMITED_AUTH = { authorization: 'Bearer sk_test_sandbox_limited' } as const;
export { loadConfig } from '../config.js';
export { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from './webhook-receiver.js';
