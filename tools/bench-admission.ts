/**
 * Heavy work admitted once, whoever asks: does `/healthz` stay quick while heavy work arrives
 * through each door?
 *
 *   npm run bench:admission      (builds the service first)
 *
 * The built service runs as a child process with the sandbox, as `npm run start:prod` starts it;
 * this process is the client, over loopback HTTPS. Each phase keeps heavy work in flight while
 * `/healthz` is sampled one request at a time from a thread of its own (bench/probe-thread.ts), and
 * prints its p50/p99:
 *
 * 1. 20 distinct MEGA chain searches (500 properties) over REST, the per-caller cap raised to 64;
 * 2. the same 20 over MCP (`search_chain_availability`, one POST each);
 * 3. 20 distinct MEGA price calendars of 366 days (keyless);
 * 4. one key sending 8 POSTs at a time, each a batch of 16 MEGA searches, on a fresh instance with
 *    every admission setting at its default (only the key's rate limit raised, so that the
 *    per-caller cap and the gate are what is measured), the server's peak RSS sampled from /proc.
 *
 * Targets: /healthz p99 < 50 ms in every phase; RSS < 512 MB in phase 4. Figures only: nothing
 * here fails a build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { probeFromThread } from './bench/probe-thread.js';
import { BUILT_API } from './bench/processes.js';

const HEALTH_SAMPLES = 300;
const IN_FLIGHT = 20;
const TARGETS = { healthP99: 50, rssMb: 512 };
const AUTH = { authorization: 'Bearer sk_test_sandbox' };
const MCP_HEADERS = { ...AUTH, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

interface Instance {
  readonly server: ChildProcess;
  readonly baseUrl: string;
  /** The instance's self-signed certificate, for the probes' own connections. */
  readonly ca: string;
  readonly heavy: Agent;
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hotel-api-admission-'));
  const server = spawn(process.execPath, BUILT_API, {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', TLS_DIR: join(dataDir, 'tls'), API_KEYS_FILE: join(dataDir, 'keys.json'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Hotel API listening on (https:\/\/[\d.]+:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', onData);
    server.once('exit', () => reject(new Error(`the server exited:\n${output}`)));
  });
  const ca = readFileSync(join(dataDir, 'tls', 'localhost-cert.pem'), 'utf8');
  return {
    server,
    baseUrl,
    ca,
    heavy: new Agent({ connect: { ca, servername: 'localhost' }, connections: 64, headersTimeout: 120_000, bodyTimeout: 120_000 }),
  };
}

async function stopInstance({ server, heavy }: Instance): Promise<void> {
  server.kill('SIGTERM');
  await heavy.close();
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const megaPath = (n: number) => `/v1/availability/multi?chainCode=MEGA&checkin=${day(10 + (n % 300))}&checkout=${day(12 + (n % 300))}&currency=EUR`;
const megaSearch = (n: number) => ({ chainCode: 'MEGA', checkIn: day(10 + (n % 300)), checkOut: day(12 + (n % 300)), currency: 'EUR' });
const calendarPath = (n: number) => `/v1/availability/calendar?chainCode=MEGA&from=${day(1 + (n % 30))}&to=${day(366 + (n % 30))}&nights=2&currency=EUR`;
const toolCalls = (searches: readonly Record<string, unknown>[]) => {
  const messages = searches.map((args, id) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'search_chain_availability', arguments: args } }));
  return JSON.stringify(messages.length === 1 ? messages[0] : messages);
};

/** How heavy requests (or the tool calls in them) ended: `200`, `429`, `503`, `tool ok`, `tool error: …`. */
type Outcomes = Map<string, number>;
const count = (outcomes: Outcomes, outcome: string) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);

async function get(instance: Instance, path: string, dispatcher: Agent): Promise<{ ms: number; status: number }> {
  const start = performance.now();
  const response = await request(`${instance.baseUrl}${path}`, { dispatcher });
  await response.body.text();
  return { ms: performance.now() - start, status: response.statusCode };
}

async function postMcp(instance: Instance, body: string, outcomes: Outcomes): Promise<void> {
  const response = await request(`${instance.baseUrl}/mcp`, { method: 'POST', dispatcher: instance.heavy, headers: MCP_HEADERS, body });
  const text = await response.body.text();
  if (response.statusCode !== 200) return void count(outcomes, String(response.statusCode));
  const answers = JSON.parse(text) as { result?: { isError: boolean; content: { text: string }[] } } | { result?: { isError: boolean; content: { text: string }[] } }[];
  for (const { result } of Array.isArray(answers) ? answers : [answers]) {
    if (!result) count(outcomes, 'JSON-RPC error');
    else if (!result.isError) count(outcomes, 'tool ok');
    else count(outcomes, `tool error: ${toolError(result.content[0]?.text ?? '')}`);
  }
}

/** A refused tool call's reason, in a word or two. */
function toolError(text: string): string {
  if (/at most \d+ of these requests/i.test(text)) return 'caller cap (429)';
  if (/overloaded/i.test(text)) return 'overloaded (503)';
  return text.slice(0, 60);
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function rssMb(pid: number | undefined): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

interface PhaseResult {
  readonly label: string;
  readonly health: number[];
  readonly outcomes: Outcomes;
  readonly peakRss: number;
}

/** Keeps `workers` loops of `heavy` running while /healthz is sampled; RSS sampled every 20 ms. */
async function phase(instance: Instance, label: string, workers: number, heavy: (n: number, outcomes: Outcomes) => Promise<void>): Promise<PhaseResult> {
  process.stderr.write(`… ${label}\n`);
  const outcomes: Outcomes = new Map();
  let running = true;
  let next = 0;
  let peakRss = rssMb(instance.server.pid);
  const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, rssMb(instance.server.pid))), 20);
  const loops = Array.from({ length: workers }, async () => {
    while (running) await heavy(next++, outcomes).catch(() => count(outcomes, 'connection failure'));
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const health: number[] = [];
  for (const { ms, status } of await probeFromThread(`${instance.baseUrl}/healthz`, instance.ca, HEALTH_SAMPLES)) {
    if (status !== 200) count(outcomes, `/healthz ${status}`);
    health.push(ms);
  }
  running = false;
  await Promise.all(loops);
  clearInterval(rssTimer);
  return { label, health, outcomes, peakRss };
}

const results: PhaseResult[] = [];
// One client address stands in for many callers: the per-caller cap is raised so that the gate
// is what is measured, as the issue measured it.
const raised = await startInstance({ RATE_LIMIT_MAX: '1000000', AVAILABILITY_RATE_LIMIT_MAX: '1000000', CONCURRENT_HEAVY_REQUESTS_PER_CLIENT: '64' });
try {
  // Warm-up: JIT, and the MEGA properties (generated on first use).
  await probeFromThread(`${raised.baseUrl}/healthz`, raised.ca, 50);
  await get(raised, megaPath(299), raised.heavy);
  await get(raised, calendarPath(29), raised.heavy);
  results.push(await phase(raised, '/healthz alone', 0, async () => undefined));
  results.push(
    await phase(raised, `/healthz, ${IN_FLIGHT} MEGA searches over REST`, IN_FLIGHT, async (n, outcomes) => {
      count(outcomes, String((await get(raised, megaPath(n), raised.heavy)).status));
    }),
  );
  results.push(await phase(raised, `/healthz, ${IN_FLIGHT} MEGA searches over MCP`, IN_FLIGHT, (n, outcomes) => postMcp(raised, toolCalls([megaSearch(n)]), outcomes)));
  results.push(
    await phase(raised, `/healthz, ${IN_FLIGHT} MEGA 366-day calendars`, IN_FLIGHT, async (n, outcomes) => {
      count(outcomes, String((await get(raised, calendarPath(n), raised.heavy)).status));
    }),
  );
} finally {
  await stopInstance(raised);
}

const defaults = await startInstance({ RATE_LIMIT_MAX: '1000000' });
try {
  await probeFromThread(`${defaults.baseUrl}/healthz`, defaults.ca, 50);
  await get(defaults, megaPath(299), defaults.heavy);
  results.push(
    await phase(defaults, '/healthz, one key: 8 POSTs × 16 MEGA searches (defaults)', 8, (n, outcomes) =>
      postMcp(defaults, toolCalls(Array.from({ length: 16 }, (_, i) => megaSearch(n * 16 + i))), outcomes),
    ),
  );
} finally {
  await stopInstance(defaults);
}

console.log(`Admission benchmark, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}\n`);
console.log(`| ${'phase'.padEnd(58)} | /healthz p50 | /healthz p99 | peak RSS MB | heavy work ended as`);
console.log(`| ${'-'.repeat(58)} | ${'-'.repeat(12)} | ${'-'.repeat(12)} | ${'-'.repeat(11)} | ---`);
for (const { label, health, outcomes, peakRss } of results) {
  const ended = [...outcomes].map(([outcome, n]) => `${n} × ${outcome}`).join(', ') || '-';
  console.log(
    `| ${label.padEnd(58)} | ${percentile(health, 50).toFixed(1).padStart(12)} | ${percentile(health, 99).toFixed(1).padStart(12)} | ${peakRss.toFixed(0).padStart(11)} | ${ended}`,
  );
}
const worstP99 = Math.max(...results.map(({ health }) => percentile(health, 99)));
const lastRss = results.at(-1)?.peakRss ?? 0;
console.log(`\nworst /healthz p99: ${worstP99.toFixed(1)} ms (target < ${TARGETS.healthP99}: ${worstP99 < TARGETS.healthP99 ? 'met' : 'MISSED'})`);
console.log(`peak RSS, 8 POSTs × 16: ${lastRss.toFixed(0)} MB (target < ${TARGETS.rssMb}: ${lastRss < TARGETS.rssMb ? 'met' : 'MISSED'})`);
