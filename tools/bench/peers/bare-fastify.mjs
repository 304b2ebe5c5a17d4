/**
 * The REST peer: a bare Fastify HTTPS server (no hooks, no schemas, no logging) answering each
 * URL with the exact bytes the API answered it with, recorded by the bench runner. What it costs
 * is what HTTPS, HTTP parsing and Fastify's routing cost, the floor our endpoints stand on.
 *
 * Environment: PORT, TLS_CERT_FILE, TLS_KEY_FILE, BENCH_ANSWERS (a JSON file: URL -> body).
 *
 * Plain JavaScript, run by plain Node: the start-up figure times its start beside ours, and
 * neither side may pay for compiling TypeScript.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/** @param {string} name */
const env = (name) => process.env[name] ?? '';
const answers = new Map(Object.entries(env('BENCH_ANSWERS') ? JSON.parse(readFileSync(env('BENCH_ANSWERS'), 'utf8')) : {}));

const app = Fastify({ https: { cert: readFileSync(env('TLS_CERT_FILE')), key: readFileSync(env('TLS_KEY_FILE')) } });
app.get('/healthz', async (_request, reply) => reply.type('application/json; charset=utf-8').send('{"status":"ok"}'));
app.get('/*', async (request, reply) => {
  const body = answers.get(request.url);
  if (body === undefined) return reply.code(404).send();
  return reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ host: '127.0.0.1', port: Number(env('PORT')) });
