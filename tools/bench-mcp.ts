/**
 * Throughput of `tools/call` on POST /mcp: our endpoint against the MCP SDK's stateless example
 * done the plain way, in one run on this machine.
 *
 *   node --conditions=@hotelapi/source --import tsx tools/bench-mcp.ts [calls per round]
 *
 * - ours: the real API (Fastify, HTTPS, API key, rate limit, logging) where each request gets a
 *   low-level SDK `Server` holding tool handlers (with the tool list, its JSON Schemas and a
 *   validator) built once per process, the caller reaching them as the request's auth info.
 * - plain: the SDK's stateless example as written (its Express app, its bearer-token middleware,
 *   its transport defaults), where each request builds an `McpServer` and registers the six tools
 *   (zod schemas the SDK converts and validates with). It runs the same tool handlers over the
 *   same sandbox and keys; it has no rate limit and no logging, which favours it.
 *
 * Both servers run on the main thread, one at a time; a worker thread sends the calls over
 * loopback HTTPS with keep-alive connections, so the load generator does not eat into the
 * server's CPU. Every answer is checked. After a warm-up, rounds alternate between the servers and
 * the median round counts; besides requests per second it prints the server's busy time per call
 * (main-thread event-loop time), which other work on the machine disturbs less.
 *
 * The target (ours at least twice as fast) is judged on get_property_info, whose tool does the
 * least work, so the figure is the endpoint's own cost. With all six tools the sandbox's own work
 * (the same on both sides: a year of nightly quotes for the lowest monthly rates takes
 * milliseconds) dilutes the ratio.
 */
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { loadKeyStore, type KeyStore } from '@hotelapi/auth';
import { createSandboxConnectors } from '@hotelapi/connectors';
import { startApi, TEST_NOW } from '@hotelapi/api/testing';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Pool } from 'undici';
import { z } from 'zod';
// The baseline runs the API's own tool handlers, so both sides do the same work.
import {
  authInfoFor,
  callerOf,
  callTool,
  HOTEL_TOOLS,
  loadConfig,
  loadPropertyDirectory,
  loadTlsMaterial,
  type ApiServices,
} from '@hotelapi/api/benchmark';

const DEFAULT_CALLS = 1_000;
const MAX_CALLS = 20_000;
const CONCURRENCY = 16;
const WARM_UP_CALLS = 500;
const ROUNDS = 5;
const TARGET_RATIO = 2;
const HEADERS = {
  authorization: 'Bearer sk_test_sandbox',
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

/** A stay three weeks after the pinned clock both servers run on. */
const STAY = { checkIn: '2026-12-10', checkOut: '2026-12-13' };

/** `tools/call` bodies, prebuilt so the load generator costs the same for both servers. */
function toolCall(name: string, args: Record<string, unknown>): string {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
}

interface Scenario {
  readonly label: string;
  readonly bodies: readonly string[];
  /** Whether the 2x target is judged on it. */
  readonly judged: boolean;
}

const SCENARIOS: readonly Scenario[] = [
  { label: 'get_property_info', judged: true, bodies: [toolCall('get_property_info', { hotelCode: 'ACME001' })] },
  {
    label: 'all six tools in turn',
    judged: false,
    bodies: [
      toolCall('get_property_info', { hotelCode: 'ACME001' }),
      toolCall('get_property_rooms', { hotelCode: 'ACME002' }),
      toolCall('get_property_reviews', { hotelCode: 'ACME003', limit: 5 }),
      toolCall('get_property_lowest_monthly_rates', { hotelCode: 'ACME004' }),
      toolCall('shop_property_rate', { hotelCode: 'ACME005', ...STAY }),
      toolCall('get_property_availability_single', { hotelCode: 'ACME006', ...STAY, adults: 2, currency: 'EUR' }),
    ],
  },
];

/** A round the load generator is asked to send. */
interface LoadOrder {
  readonly url: string;
  readonly ca: string;
  readonly bodies: readonly string[];
  readonly calls: number;
}

/** The load generator's answer: requests per second, or why a call failed. */
type LoadReport = { readonly perSecond: number } | { readonly failure: string };

// The worker thread: sends each round it is given and reports its throughput.
async function generateLoad(port: NonNullable<typeof parentPort>): Promise<void> {
  const pools = new Map<string, Pool>();
  port.on('message', async ({ url, ca, bodies, calls }: LoadOrder) => {
    let pool = pools.get(url);
    if (!pool) pools.set(url, (pool = new Pool(url, { connections: CONCURRENCY, connect: { ca } })));
    let sent = 0;
    const client = async (pool: Pool) => {
      while (sent < calls) {
        const body = bodies[sent++ % bodies.length];
        const response = await pool.request({ path: '/mcp', method: 'POST', headers: HEADERS, body });
        const text = await response.body.text();
        if (response.statusCode !== 200 || !text.includes('"isError":false')) {
          throw new Error(`Unexpected answer (${response.statusCode}): ${text.slice(0, 300)}`);
        }
      }
    };
    const start = performance.now();
    try {
      await Promise.all(Array.from({ length: CONCURRENCY }, () => client(pool)));
      port.postMessage({ perSecond: calls / ((performance.now() - start) / 1000) } satisfies LoadReport);
    } catch (error) {
      port.postMessage({ failure: String(error) } satisfies LoadReport);
    }
  });
}

/** The SDK example's `getServer()`: a new McpServer with every tool registered. */
function plainMcpServer(services: ApiServices): McpServer {
  const server = new McpServer({ name: 'hotel-api-plain', version: '1.0.0' }, { capabilities: { logging: {} } });
  for (const [name, tool] of Object.entries(HOTEL_TOOLS)) {
    const { title, description, input, data } = tool.definition;
    const annotations = { title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
    server.registerTool(name, { title, description, inputSchema: input, outputSchema: z.object({ data }), annotations }, (args, extra) =>
      // McpServer has checked the arguments already; our call checks them again, which costs microseconds.
      callTool(name, tool, args, callerOf(extra.authInfo), services),
    );
  }
  return server;
}

/**
 * The SDK's stateless example (`simpleStatelessStreamableHttp`), with our tools and keys: the
 * SDK's Express app, the SDK's bearer-token middleware, and for every request a new McpServer and
 * a transport with the SDK's defaults, closed when the response closes.
 */
async function startPlainServer(keyStore: KeyStore): Promise<{ url: string; ca: string; close(): Promise<void> }> {
  const config = loadConfig({});
  const connectors = createSandboxConnectors({ now: () => TEST_NOW });
  const services: ApiServices = {
    connectors,
    directory: await loadPropertyDirectory(connectors.catalog),
    stayPolicy: { maxNights: config.MAX_STAY_NIGHTS, maxAdvanceDays: config.MAX_ADVANCE_DAYS },
    channelNames: config.CHANNEL_NAMES,
    now: () => TEST_NOW,
  };
  const verifier = {
    async verifyAccessToken(token: string) {
      const principal = keyStore.authenticate(token);
      if (!principal) throw new InvalidTokenError('Unknown API key');
      const caller = { principal, language: 'en', acceptLanguage: undefined, requestId: 'bench', log: console } as const;
      // The middleware insists on an expiry; API keys have none.
      return Object.assign(authInfoFor(caller), { expiresAt: Number.MAX_SAFE_INTEGER });
    },
  };

  const app = createMcpExpressApp();
  app.post('/mcp', requireBearerAuth({ verifier }), async (request: IncomingMessage & { body?: unknown }, response: ServerResponse) => {
    const server = plainMcpServer(services);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    await server.connect(transport);
    await transport.handleRequest(request, response, request.body);
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
  });
  const tls = await loadTlsMaterial({ selfSignedDir: mkdtempSync(join(tmpdir(), 'bench-mcp-tls-')) });
  const server = createHttpsServer({ cert: tls.cert, key: tls.key }, app);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `https://127.0.0.1:${port}`,
    ca: tls.cert,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** How one server did in one round. */
interface RoundFigures {
  readonly perSecond: number;
  /** Main-thread event-loop time per call: the server's own work. */
  readonly busyMsPerCall: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const calls = Math.min(Math.max(Number(process.argv[2] ?? DEFAULT_CALLS) || DEFAULT_CALLS, 100), MAX_CALLS);
  const servers = {
    ours: await startApi({ env: { RATE_LIMIT_MAX: String(10 * MAX_CALLS) } }),
    plain: await startPlainServer(await loadKeyStore({ sandbox: true })),
  };
  // The worker runs this same file. Node 20 does not apply `--import tsx` to a worker's entry
  // point, so a JavaScript one-liner registers tsx first.
  const loadGenerator = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`,
    { eval: true },
  );

  const round = async (server: { url: string; ca: string }, bodies: readonly string[], count: number): Promise<RoundFigures> => {
    const before = performance.eventLoopUtilization();
    loadGenerator.postMessage({ url: server.url, ca: server.ca, bodies, calls: count } satisfies LoadOrder);
    const [report] = (await once(loadGenerator, 'message')) as [LoadReport];
    if ('failure' in report) throw new Error(report.failure);
    return { perSecond: report.perSecond, busyMsPerCall: performance.eventLoopUtilization(before).active / count };
  };

  console.log(`MCP tools/call throughput, Node ${process.version}: ${ROUNDS} rounds of ${calls} calls, ${CONCURRENCY} concurrent, loopback HTTPS`);
  console.log('(median round; "busy" is the server thread’s event-loop time per call)\n');
  console.log(`${'scenario'.padEnd(24)}${'ours'.padStart(12)}${'plain'.padStart(12)}${'ratio'.padStart(8)}${'busy ours'.padStart(12)}${'busy plain'.padStart(12)}`);
  let judgedRatio = Number.NaN;
  try {
    for (const { label, bodies, judged } of SCENARIOS) {
      await round(servers.ours, bodies, WARM_UP_CALLS);
      await round(servers.plain, bodies, WARM_UP_CALLS);
      const rounds = { ours: [] as RoundFigures[], plain: [] as RoundFigures[] };
      // Alternating rounds, so that whatever else the machine does falls on both alike.
      for (let index = 0; index < ROUNDS; index++) {
        rounds.ours.push(await round(servers.ours, bodies, calls));
        rounds.plain.push(await round(servers.plain, bodies, calls));
      }
      const oursRate = median(rounds.ours.map((figures) => figures.perSecond));
      const plainRate = median(rounds.plain.map((figures) => figures.perSecond));
      const ratio = oursRate / plainRate;
      if (judged) judgedRatio = ratio;
      const perSecond = (rate: number) => `${rate.toFixed(0)} req/s`.padStart(12);
      const busy = (figures: readonly RoundFigures[]) => `${median(figures.map((f) => f.busyMsPerCall)).toFixed(2)} ms`.padStart(12);
      console.log(
        `${label.padEnd(24)}${perSecond(oursRate)}${perSecond(plainRate)}${`${ratio.toFixed(2)}x`.padStart(8)}${busy(rounds.ours)}${busy(rounds.plain)}`,
      );
    }
  } finally {
    await loadGenerator.terminate();
    await Promise.all([servers.ours.close(), servers.plain.close()]);
  }

  const met = judgedRatio >= TARGET_RATIO;
  console.log(`\nget_property_info: ours ${judgedRatio.toFixed(2)}x the plain way, ${met ? 'meeting' : 'MISSING'} the ${TARGET_RATIO}x target.`);
  process.exitCode = met ? 0 : 1;
}

if (isMainThread) await main();
else if (parentPort) await generateLoad(parentPort);
