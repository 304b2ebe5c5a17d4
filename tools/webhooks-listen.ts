/**
 * A local HTTPS webhook receiver: verifies each delivery's Standard Webhooks signature with the
 * SDK's `verifyWebhook` and prints the event. It serves the sandbox's development certificate
 * (TLS_DIR, `.data/tls`), which the API trusts for deliveries with sandbox keys, where loopback
 * URLs are allowed too: under `npm start` nothing else is needed.
 *
 *   npm run webhooks:listen -- --subscribe            # subscribes itself, prints parity alerts, unsubscribes on Ctrl-C
 *   npm run webhooks:listen -- --subscribe --types parity.breach --property ACME001 --tolerance 2 --json
 *   npm run webhooks:listen -- --secret whsec_...     # a subscription made elsewhere (several: comma-separated)
 *   npm run webhooks:listen -- --status 410           # answer every delivery with this status
 */
import { once } from 'node:events';
import { createServer } from 'node:https';
import { getCACertificates } from 'node:tls';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadTlsMaterial } from '@hotelapi/api/benchmark';
import { HotelApiClient, verifyWebhook, type WebhookCreateParams } from '@hotelapi/client';
import { Agent } from 'undici';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    secret: { type: 'string' },
    status: { type: 'string', default: '204' },
    subscribe: { type: 'boolean', default: false },
    api: { type: 'string', default: 'https://localhost:8443' },
    key: { type: 'string', default: 'sk_test_sandbox' },
    types: { type: 'string', default: 'parity.breach,parity.restored,webhook.test' },
    property: { type: 'string' },
    tolerance: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const status = Number(values.status);
const secrets = (values.secret ?? process.env['WEBHOOK_SECRET'] ?? '').split(',').filter(Boolean);
// The API's own development certificate: the API trusts it for deliveries, and this trusts the API by it.
const tls = await loadTlsMaterial({ selfSignedDir: process.env['TLS_DIR'] ?? join(process.cwd(), '.data', 'tls') });

const server = createServer({ cert: tls.cert, key: tls.key }, (request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', async () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const headers = request.headers as Record<string, string>;
    if (secrets.length === 0) {
      console.log(`${new Date().toISOString()} ${headers['webhook-id']} (signature not checked: no --secret)\n${body}`);
      response.writeHead(status).end();
      return;
    }
    try {
      const event = await verifyWebhook(body, headers, secrets);
      console.log(values.json ? `verified ${JSON.stringify(event)}` : `verified ${lineOf(event)}`);
      response.writeHead(status).end();
    } catch (error) {
      console.log(`refused ${headers['webhook-id'] ?? '(no id)'}: ${(error as Error).message}`);
      response.writeHead(400).end();
    }
  });
});

/** One short line: what happened, where, for which stay and channel, at which prices. */
function lineOf(event: Awaited<ReturnType<typeof verifyWebhook>>): string {
  const head = `${event.timestamp} ${event.type} ${event.id}`;
  switch (event.type) {
    case 'parity.breach':
    case 'parity.restored': {
      const d = event.data;
      return `${head} ${d.property} arrival ${d.arrival} ${d.nights}n ${d.adults}a ${d.channel}: direct ${d.direct} vs channel ${d.channelPrice} ${d.currency} (${d.status}, tolerance ${d.tolerance}%)`;
    }
    case 'rates.changed':
      return `${head} ${event.data.property} ${event.data.ranges.map((r) => `${r.from}..${r.to}`).join(' ')}`;
    case 'webhook.test':
      return `${head} ${event.data.message}`;
    default:
      return `${head} ${event.data.property ?? event.data.chain}`;
  }
}

server.listen(Number(values.port));
await once(server, 'listening');
const url = `https://localhost:${(server.address() as { port: number }).port}/hooks`;
console.log(`Listening on ${url} (answering ${status}).`);

if (values.subscribe) {
  const dispatcher = new Agent({ connect: { ca: [...getCACertificates('default'), tls.cert] } });
  const client = new HotelApiClient({
    apiKey: values.key,
    baseUrl: values.api,
    fetch: (input, init) => fetch(input, { ...init, dispatcher } as RequestInit),
  });
  const { data } = await client.webhooks
    .create({
      url,
      types: values.types.split(',') as WebhookCreateParams['types'],
      ...(values.property && { properties: values.property.split(',') }),
      ...(values.tolerance && { tolerance: Number(values.tolerance) }),
    })
    .catch((error: Error) => {
      // The API's own words (a 4xx) or why it could not be reached; a stack trace would tell nothing more.
      console.error(`Could not subscribe at ${values.api}: ${error.message}`);
      process.exit(1);
    });
  secrets.push(data.secret);
  console.log(`Subscribed ${data.id} at ${values.api} to ${data.types.join(', ')} (tolerance ${data.tolerance}%); Ctrl-C unsubscribes.`);
  const unsubscribe = async () => {
    await client.webhooks.delete(data.id).catch((error: Error) => console.log(`Could not delete ${data.id}: ${error.message}`));
    console.log(`Unsubscribed ${data.id}.`);
    server.close();
    server.closeAllConnections();
    process.exit(0);
  };
  process.once('SIGINT', unsubscribe).once('SIGTERM', unsubscribe);
} else if (secrets.length === 0) {
  console.log('Signatures are not checked: add --subscribe (subscribes this URL itself) or --secret whsec_… .');
}
