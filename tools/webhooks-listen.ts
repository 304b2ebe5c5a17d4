/**
 * A local HTTPS webhook receiver: verifies each delivery's Standard Webhooks signature with the
 * SDK's `verifyWebhook` and prints the event. Its self-signed certificate is kept in
 * `.data/webhooks-listen/`; start the API with it trusted (NODE_EXTRA_CA_CERTS) and private
 * addresses allowed, subscribe this URL, then give the secret:
 *
 *   npm run webhooks:listen                               # prints what to do next
 *   npm run webhooks:listen -- --secret whsec_...         # verifies (several: comma-separated)
 *   npm run webhooks:listen -- --port 8787 --status 410   # answer every delivery with this status
 */
import { createServer } from 'node:https';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadTlsMaterial } from '@hotelapi/api/benchmark';
import { verifyWebhook } from '@hotelapi/client';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '8787' }, secret: { type: 'string' }, status: { type: 'string', default: '204' } },
});
const port = Number(values.port);
const status = Number(values.status);
const secrets = (values.secret ?? process.env['WEBHOOK_SECRET'] ?? '').split(',').filter(Boolean);
const dir = join(process.cwd(), '.data', 'webhooks-listen');
// Made on first use and kept: the API trusts it through NODE_EXTRA_CA_CERTS, read once at its start.
const tls = await loadTlsMaterial({ selfSignedDir: dir });
const certFile = join(dir, 'localhost-cert.pem');

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
      console.log(`${new Date().toISOString()} ${event.type} ${event.id} verified\n${JSON.stringify(event.data, null, 2)}`);
      response.writeHead(status).end();
    } catch (error) {
      console.log(`${new Date().toISOString()} refused ${headers['webhook-id'] ?? '(no id)'}: ${(error as Error).message}`);
      response.writeHead(400).end();
    }
  });
});

server.listen(port, () => {
  const url = `https://localhost:${port}/hooks`;
  console.log(`Listening on ${url} (answering ${status}).`);
  console.log(`Start the API trusting this receiver:  NODE_EXTRA_CA_CERTS=${certFile} WEBHOOK_ALLOW_PRIVATE=true npm start`);
  console.log(
    `Subscribe it:  curl -sk https://localhost:8443/v1/webhooks -H 'Authorization: Bearer sk_test_sandbox' -H 'content-type: application/json' ` +
      `-d '{"url":"${url}","types":["parity.breach","parity.restored","rates.changed","availability.changed","data.loaded","webhook.test"]}'`,
  );
  if (secrets.length === 0) console.log('Then restart this with --secret <the answer’s secret> to verify signatures.');
});
