/**
 * Fairness under heavy chain requests: does a busy instance still answer its cheap requests?
 *
 *   npm run bench:fairness      (builds the service first)
 *
 * The built service, started as `npm run start:prod` starts it, runs as a child process with the sandbox; this
 * process is the client, over loopback HTTPS with keep-alive; the probes of (1) and (2) run on a thread of their
 * own (bench/probe-thread.ts). It prints:
 *
 * 1. `/healthz` and shopper latency (p50/p99), alone;
 * 2. the same while 20 distinct MEGA chain-availability requests (500 properties each, every one
 *    a different stay, so no answer can be shared) are kept in flight, and how those finished;
 * 3. the server's RSS (sampled from /proc) during a burst of 200 concurrent distinct MEGA requests,
 *    and how they were answered (200, 503 with Retry-After, anything else).
 *
 * Targets: /healthz p99 < 50 ms and shopper p99 < 100 ms during (2), the MEGA requests finish,
 * RSS < 512 MB during (3). Figures only: nothing here fails a build.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { probeFromThread } from './bench/probe-thread.js';
import { BUILT_API } from './bench/processes.js';

const HEALTH_SAMPLES = 300;
const SHOPPER_SAMPLES = 150;
const MEGA_IN_FLIGHT = 20;
const MEGA_BURST = 200;
const TARGETS = { healthP99: 50, shopperP99: 100, rssMb: 512 };

const dataDir = mkdtempSync(join(tmpdir(), 'hotel-api-fairness-'));
const server = spawn(process.execPath, BUILT_API, {
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    TLS_DIR: join(dataDir, 'tls'),
    API_KEYS_FILE: join(dataDir, 'keys.json'),
    // One client address stands in for many here: per-client budgets would otherwise be the
    // first thing measured. The instance-wide admission limits stay at their defaults.
    RATE_LIMIT_MAX: '1000000',
    AVAILABILITY_RATE_LIMIT_MAX: '1000000',
    CONCURRENT_HEAVY_REQUESTS_PER_CLIENT: '1000',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let serverOutput = '';
const baseUrl = await new Promise<string>((resolve, reject) => {
  const onData = (chunk: Buffer) => {
    serverOutput += chunk.toString();
    const match = /Hotel API listening on (https:\/\/[\d.]+:\d+)/.exec(serverOutput);
    if (match?.[1]) resolve(match[1]);
  };
  server.stdout.on('data', onData);
  server.stderr.on('data', onData);
  server.once('exit', () => reject(new Error(`the server exited:\n${serverOutput}`)));
});
const ca = readFileSync(join(dataDir, 'tls', 'localhost-cert.pem'), 'utf8');
const heavy = new Agent({ connect: { ca, servername: 'localhost' }, connections: MEGA_BURST + 10, headersTimeout: 120_000, bodyTimeout: 120_000 });

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const SHOPPER = `/v1/shopper/ACME001?checkIn=${day(30)}&checkOut=${day(33)}`;
/** The n-th distinct MEGA request (n < 340, so the check-in stays within the booking window): a stay of its own. */
const megaPath = (n: number) => `/v1/availability/multi?chainCode=MEGA&checkin=${day(10 + n)}&checkout=${day(12 + n)}&currency=EUR`;

async function timedGet(path: string, dispatcher: Agent) {
  const start = performance.now();
  const response = await request(`${baseUrl}${path}`, { dispatcher });
  await response.body.text();
  return { ms: performance.now() - start, status: response.statusCode, retryAfter: response.headers['retry-after'] };
}

/** Probes answered with anything but 200, by path and status: shedding a probe is a finding too. */
const refusedProbes = new Map<string, number>();

/** `count` calls of `path`, one at a time from a thread of their own (bench/probe-thread.ts): their times. */
async function sample(path: string, count: number, headers?: Record<string, string>): Promise<number[]> {
  const latencies: number[] = [];
  for (const { ms, status } of await probeFromThread(`${baseUrl}${path}`, ca, count, headers)) {
    if (status !== 200) refusedProbes.set(`${path.split('?')[0]} ${status}`, (refusedProbes.get(`${path.split('?')[0]} ${status}`) ?? 0) + 1);
    latencies.push(ms);
  }
  return latencies;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const AUTH = { authorization: 'Bearer sk_test_sandbox' };
const row = (label: string, values: readonly number[]) =>
  `| ${label.padEnd(44)} | ${percentile(values, 50).toFixed(1).padStart(8)} | ${percentile(values, 99).toFixed(1).padStart(8)} |`;

function progress(phase: string): void {
  process.stderr.write(`… ${phase}\n`);
}

function rssMb(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

try {
  // Warm-up: JIT, the shopper's property, and the MEGA properties (generated on first use).
  await sample('/healthz', 50);
  await sample(SHOPPER, 20, AUTH);
  await timedGet(megaPath(-5), heavy);

  progress('probes alone');
  const healthAlone = await sample('/healthz', HEALTH_SAMPLES);
  const shopperAlone = await sample(SHOPPER, SHOPPER_SAMPLES, AUTH);

  // Phase 2: keep 20 distinct MEGA requests in flight while the probes run.
  progress(`probes with ${MEGA_IN_FLIGHT} MEGA requests in flight`);
  let sampling = true;
  let next = 0;
  const megaLatencies: number[] = [];
  const megaStatuses = new Map<number, number>();
  const worker = async () => {
    while (sampling) {
      const { ms, status } = await timedGet(megaPath(next++ % 300), heavy);
      megaLatencies.push(ms);
      megaStatuses.set(status, (megaStatuses.get(status) ?? 0) + 1);
    }
  };
  const workers = Array.from({ length: MEGA_IN_FLIGHT }, worker);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const healthLoaded = await sample('/healthz', HEALTH_SAMPLES);
  const shopperLoaded = await sample(SHOPPER, SHOPPER_SAMPLES, AUTH);
  sampling = false;
  await Promise.all(workers);

  progress(`burst of ${MEGA_BURST} MEGA requests`);
  // Phase 3: a burst of 200 distinct MEGA requests at once; RSS sampled every 20 ms.
  let peakRss = rssMb();
  const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, rssMb())), 20);
  const burstStart = performance.now();
  const burst = await Promise.allSettled(Array.from({ length: MEGA_BURST }, (_, n) => timedGet(megaPath(n + 100), heavy)));
  const burstMs = performance.now() - burstStart;
  clearInterval(rssTimer);
  const answered = burst.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const ok = answered.filter((answer) => answer.status === 200).length;
  const shed = answered.filter((answer) => answer.status === 503 && answer.retryAfter !== undefined).length;
  const other = answered.length - ok - shed;
  const otherStatuses = [...new Set(answered.filter((a) => a.status !== 200 && !(a.status === 503 && a.retryAfter !== undefined)).map((a) => a.status))];
  const failed = burst.length - answered.length;

  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(`Fairness benchmark, Node ${process.version}, ${cpus().length} × ${cpu}\n`);
  console.log(`| ${'latency (ms)'.padEnd(44)} | ${'p50'.padStart(8)} | ${'p99'.padStart(8)} |`);
  console.log(`| ${'-'.repeat(44)} | ${'-'.repeat(8)} | ${'-'.repeat(8)} |`);
  console.log(row('/healthz alone', healthAlone));
  console.log(row('shopper alone', shopperAlone));
  console.log(row(`/healthz with ${MEGA_IN_FLIGHT} MEGA requests in flight`, healthLoaded));
  console.log(row(`shopper with ${MEGA_IN_FLIGHT} MEGA requests in flight`, shopperLoaded));
  console.log(row(`MEGA requests themselves (${megaLatencies.length} finished)`, megaLatencies));
  const statuses = [...megaStatuses].map(([status, count]) => `${count} × ${status}`).join(', ');
  console.log(`\nMEGA requests during the probes: ${statuses}`);
  const refused = [...refusedProbes].map(([what, count]) => `${count} × ${what}`).join(', ');
  console.log(`Probes not answered 200: ${refused || 'none'}`);
  console.log(
    `Burst of ${MEGA_BURST} MEGA requests: ${ok} × 200, ${shed} × 503 with Retry-After, ${other} other${other ? ` (${otherStatuses.join(', ')})` : ''}, ${failed} connection failures; ` +
      `all answered in ${(burstMs / 1000).toFixed(1)} s; peak server RSS ${peakRss.toFixed(0)} MB`,
  );
  const verdict = (value: number, target: number) => `${value.toFixed(1)} (target < ${target}: ${value < target ? 'met' : 'MISSED'})`;
  console.log(`\n/healthz p99 under load: ${verdict(percentile(healthLoaded, 99), TARGETS.healthP99)} ms`);
  console.log(`shopper p99 under load: ${verdict(percentile(shopperLoaded, 99), TARGETS.shopperP99)} ms`);
  console.log(`peak RSS during the burst: ${verdict(peakRss, TARGETS.rssMb)} MB`);
} finally {
  server.kill('SIGTERM');
  await heavy.close();
}
