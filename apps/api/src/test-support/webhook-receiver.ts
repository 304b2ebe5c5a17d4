import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadTlsMaterial, type TlsMaterial } from '../http/server/tls.js';

/** One request a receiver got. */
export interface ReceivedWebhook {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly path: string;
  readonly receivedAt: number;
}

/** How the receiver answers: a status (after a delay), or a socket closed with garbage. */
export type ReceiverBehaviour = { readonly status: number; readonly delayMs?: number; readonly body?: string } | 'garbage';

export interface WebhookReceiver {
  /** `https://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Its self-signed certificate, for the API's `webhookCa`. */
  readonly ca: string;
  readonly received: ReceivedWebhook[];
  behave(behaviour: ReceiverBehaviour | ((request: ReceivedWebhook) => ReceiverBehaviour)): void;
  /** Resolves once `count` requests matching `filter` arrived (checks every 20 ms). */
  waitFor(count: number, filter?: (request: ReceivedWebhook) => boolean, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  /** Stops listening (connections refused) until `start()`, on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

let sharedTls: Promise<TlsMaterial> | undefined;

/** A real HTTPS webhook receiver with a self-signed certificate for 127.0.0.1, recording what it gets. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const tls = await (sharedTls ??= loadTlsMaterial({ selfSignedDir: mkdtempSync(join(tmpdir(), 'webhook-receiver-tls-')) }));
  const received: ReceivedWebhook[] = [];
  let behaviour: ReceiverBehaviour | ((request: ReceivedWebhook) => ReceiverBehaviour) = { status: 204 };
  let server: Server | undefined;
  let port = 0;

  const listen = async () => {
    const listening = createServer({ cert: tls.cert, key: tls.key }, (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const got: ReceivedWebhook = { headers: request.headers as Record<string, string>, body: Buffer.concat(chunks).toString(), path: request.url ?? '/', receivedAt: Date.now() };
        received.push(got);
        const answer = typeof behaviour === 'function' ? behaviour(got) : behaviour;
        if (answer === 'garbage') {
          request.socket.end('NOT HTTP AT ALL\r\n\r\n');
          return;
        }
        const timer = setTimeout(() => {
          if (!response.destroyed) response.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body ?? '');
        }, answer.delayMs ?? 0);
        response.on('close', () => clearTimeout(timer));
      });
    });
    await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
    server = listening;
    port = (listening.address() as { port: number }).port;
  };
  const stop = async () => {
    const closing = server;
    server = undefined;
    if (!closing) return;
    closing.closeAllConnections();
    await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await listen();

  return {
    get url() {
      return `https://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    ca: tls.cert,
    received,
    behave(next) {
      behaviour = next;
    },
    async waitFor(count, filter = () => true, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.filter(filter);
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${count} webhooks, got ${found.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    stop,
    start: listen,
    close: stop,
  };
}
