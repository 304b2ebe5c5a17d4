import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadTlsMaterial } from '@hotelapi/api/benchmark';
import { BUILT_API, startServer } from './bench/processes.js';
import { Pool } from 'undici';
const SHOP = '/v1/shopper/ACME001?checkIn=2027-01-15&checkOut=2027-01-18';
const AUTH = { authorization: 'Bearer sk_test_sandbox' };
const tlsDir = mkdtempSync(join(tmpdir(), 'lat-tls-'));
const tls = await loadTlsMaterial({ selfSignedDir: tlsDir });
const btls = { cert: tls.cert, certFile: join(tlsDir, 'localhost-cert.pem'), keyFile: join(tlsDir, 'localhost-key.pem') };
const C = Number(process.env.C ?? 1);
async function seq(url: string, n: number) {
  const pool = new Pool(url, { connections: C, connect: { ca: tls.cert } });
  const l: number[] = [];
  await Promise.all(Array.from({ length: C }, async () => {
  for (let i = 0; i < n / C; i++) { const s = process.hrtime.bigint(); const r = await pool.request({ path: SHOP, method: 'GET', headers: AUTH }); await r.body.dump(); if (r.statusCode !== 200) throw new Error(String(r.statusCode)); l.push(Number(process.hrtime.bigint() - s) / 1e6); }}));
  await pool.close(); return l;
}
const q = (v: number[], p: number) => v[Math.min(v.length - 1, Math.floor(p * v.length))]!.toFixed(3);
const row = (n: string, v: number[]) => { v.sort((a, b) => a - b); console.log(n, 'p50', q(v, .5), 'p90', q(v, .9), 'p95', q(v, .95), 'p99', q(v, .99), 'p99.9', q(v, .999)); };
const env = { RATE_LIMIT_MAX: '100000000', LOG_LEVEL: 'warn' };
const a = await startServer('mem', BUILT_API, btls, { env });
const b = await startServer('redis', BUILT_API, btls, { env: { ...env, REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_KEY_PREFIX: `bench:${randomUUID()}:` } });
await seq(a.origin, 500); await seq(b.origin, 500);
const m: number[] = [], r: number[] = [];
for (let i = 0; i < 10; i++) { m.push(...await seq(a.origin, 500)); r.push(...await seq(b.origin, 500)); }
row('memory', m); row('redis ', r);
await a.stop(); await b.stop();
