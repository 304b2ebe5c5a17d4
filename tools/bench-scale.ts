/**
 * `npm run bench:scale`: what running several instances buys, and what shared limits cost.
 *
 * 1. Throughput of the shopper endpoint through nginx (TLS, keep-alive to the instances) with one
 *    API instance and with two, and the ratio. Instances are separate processes sharing Redis for
 *    rate limits; a worker thread generates the load over keep-alive HTTPS connections.
 * 2. Latency added by Redis-backed limits: one in-process instance with in-memory limits and one
 *    with Redis, requests one at a time (so queueing does not hide the cost), alternating rounds;
 *    p50 and p99 of each and the difference of the p99s (target: under 1 ms).
 *
 *   npm run bench:scale [seconds per throughput round]
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { ApiProcess, freePort, loadTlsMaterial, TestNginx, TestRedis } from '@hotelapi/api/benchmark';
import { startApi, type RunningApi } from '@hotelapi/api/testing';
import { Pool } from 'undici';

const SHOP = '/v1/shopper/ACME001?checkIn=2027-01-15&checkOut=2027-01-18';
const AUTH = { authorization: 'Bearer sk_test_sandbox' };

interface LoadRequest {
  readonly url: string;
  readonly ca: string;
  readonly seconds: number;
  readonly connections: number;
}

/** Worker thread: keeps `connections` requests in flight for `seconds`; reports completions. */
async function generateLoad({ url, ca, seconds, connections }: LoadRequest): Promise<{ ok: number; failed: Record<string, number> }> {
  const pool = new Pool(url, { connections, connect: { ca }, pipelining: 1 });
  const deadline = Date.now() + seconds * 1000;
  let ok = 0;
  const failed: Record<string, number> = {};
  const fail = (why: string) => (failed[why] = (failed[why] ?? 0) + 1);
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < deadline) {
        try {
          const response = await pool.request({ path: SHOP, method: 'GET', headers: AUTH });
          await response.body.dump();
          if (response.statusCode === 200) ok++;
          else fail(String(response.statusCode));
        } catch (error) {
          fail((error as Error).message);
        }
      }
    }),
  );
  await pool.close();
  return { ok, failed };
}

function loadFromWorker(request: LoadRequest): Promise<{ ok: number; failed: Record<string, number> }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: request, execArgv: process.execArgv });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** CPU time, in clock ticks: the whole machine's busy and total (`/proc/stat`), or one process's (`/proc/PID/stat`). */
function machineTicks(): { busy: number; total: number } {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]?.trim().split(/\s+/) ?? [];
  const ticks = fields.map(Number);
  const total = ticks.reduce((sum, tick) => sum + tick, 0);
  return { busy: total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total };
}
function processTicks(pid: number | undefined): number {
  // The fields after the command name; utime and stime are the 14th and 15th of the whole line.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11]) + Number(fields[12]);
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function sequentialLatencies(api: RunningApi, count: number): Promise<number[]> {
  const pool = new Pool(api.url, { connections: 1, connect: { ca: api.ca } });
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = process.hrtime.bigint();
    const response = await pool.request({ path: SHOP, method: 'GET', headers: AUTH });
    await response.body.dump();
    if (response.statusCode !== 200) throw new Error(`shopper answered ${response.statusCode}`);
    latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  await pool.close();
  return latencies;
}

async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 8);
  const cores = availableParallelism();
  const redis = await TestRedis.start();
  const tlsDir = mkdtempSync(join(tmpdir(), 'hotel-api-bench-tls-'));
  const tls = await loadTlsMaterial({ selfSignedDir: tlsDir });
  const env = {
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: `bench:${randomUUID()}:`,
    RATE_LIMIT_MAX: '100000000',
    TRUST_PROXY: '127.0.0.1/32',
    TLS_DIR: tlsDir,
    LOG_LEVEL: 'warn',
  };
  const ports = [await freePort(), await freePort()];
  const instances = await Promise.all(ports.map((port) => ApiProcess.start({ ...env, PORT: String(port) })));
  const cleanups: (() => Promise<unknown>)[] = [() => Promise.all(instances.map((api) => api.kill())), () => redis.stop()];
  try {
    console.log(`Throughput of GET ${SHOP} through nginx, ${seconds} s per round, 64 connections, load from a worker thread`);
    const results: Record<string, number> = {};
    for (const count of [1, 2]) {
      const port = await freePort();
      const nginx = await TestNginx.start({
        port,
        upstreamPorts: ports.slice(0, count),
        certFile: join(tlsDir, 'localhost-cert.pem'),
        keyFile: join(tlsDir, 'localhost-key.pem'),
      });
      const url = `https://127.0.0.1:${port}`;
      await loadFromWorker({ url, ca: tls.cert, seconds: 2, connections: 64 }); // warm-up
      const machineBefore = machineTicks();
      const instancesBefore = instances.map((api) => processTicks(api.child.pid));
      const { ok, failed } = await loadFromWorker({ url, ca: tls.cert, seconds, connections: 64 });
      const machineAfter = machineTicks();
      const instanceCores = instances.reduce((sum, api, n) => sum + processTicks(api.child.pid) - (instancesBefore[n] ?? 0), 0) / (machineAfter.total - machineBefore.total) * cores;
      const busy = (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total);
      await nginx.stop();
      results[count] = ok / seconds;
      console.log(
        `  ${count} instance${count > 1 ? 's' : ' '}: ${(ok / seconds).toFixed(0).padStart(6)} requests/s (failed: ${JSON.stringify(failed)}); ` +
          `machine ${(busy * 100).toFixed(0)} % busy: API instances ${instanceCores.toFixed(2)} cores, nginx, Redis and the load generator ${(busy * cores - instanceCores).toFixed(2)}`,
      );
    }
    console.log(`  ratio two/one: ${((results[2] ?? 0) / (results[1] ?? 1)).toFixed(2)} (${cores} cores: a second instance adds only what the first leaves idle)`);
  } finally {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  }

  const latencyRedis = await TestRedis.start();
  const inMemory = await startApi({ env: { RATE_LIMIT_MAX: '100000000' } });
  const shared = await startApi({ env: { RATE_LIMIT_MAX: '100000000', REDIS_URL: latencyRedis.url, REDIS_KEY_PREFIX: `bench:${randomUUID()}:` } });
  try {
    const rounds = 6;
    const perRound = 500;
    const memory: number[] = [];
    const redisBacked: number[] = [];
    await sequentialLatencies(inMemory, 300);
    await sequentialLatencies(shared, 300);
    for (let round = 0; round < rounds; round++) {
      memory.push(...(await sequentialLatencies(inMemory, perRound)));
      redisBacked.push(...(await sequentialLatencies(shared, perRound)));
    }
    memory.sort((a, b) => a - b);
    redisBacked.sort((a, b) => a - b);
    const row = (name: string, values: number[]) =>
      `  ${name}: p50 ${percentile(values, 50).toFixed(3)} ms, p99 ${percentile(values, 99).toFixed(3)} ms`;
    console.log(`\nLatency of GET ${SHOP}, one request at a time, ${rounds * perRound} per side, alternating rounds`);
    console.log(row('in-memory limits', memory));
    console.log(row('Redis limits    ', redisBacked));
    const added = percentile(redisBacked, 99) - percentile(memory, 99);
    console.log(`  p99 added by Redis-backed limits: ${added.toFixed(3)} ms (target < 1 ms); p50 added: ${(percentile(redisBacked, 50) - percentile(memory, 50)).toFixed(3)} ms`);
  } finally {
    await inMemory.close();
    await shared.close();
    await latencyRedis.stop();
  }
}

if (isMainThread) {
  await main();
} else {
  parentPort?.postMessage(await generateLoad(workerData as LoadRequest));
}
