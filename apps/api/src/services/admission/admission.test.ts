import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect as connectTcp, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as connectTls } from 'node:tls';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiProcess } from '../../test-support/api-process.js';
import { freePort } from '../../test-support/real-servers.js';
import { SANDBOX_AUTH, startApi, TEST_NOW, type RunningApi } from '../../test-support/start-api.js';

// From the later of the pinned clock and the real one: the burst's server (a process of its own)
// runs on the real clock, where TEST_NOW + 5 days is already past in UTC+14 from 26 November on.
const day = (offset: number) => new Date(Math.max(TEST_NOW.getTime(), Date.now()) + offset * 86_400_000).toISOString().slice(0, 10);
/**
 * The n-th distinct MEGA search (500 properties): a stay of its own, so no two share an answer.
 * Three nights, so that every stay is bookable: the sandbox asks three nights of New Year arrivals
 * (28 to 31 December) and at most two of any other, and a shorter stay then is truly answered with
 * no hotels.
 */
const megaPath = (n: number) => `/v1/availability/multi?chainCode=MEGA&checkin=${day(5 + (n % 300))}&checkout=${day(8 + (n % 300))}&currency=EUR`;

function waitUntilClosed(socket: Socket): Promise<number> {
  const start = performance.now();
  return new Promise((resolve) => socket.once('close', () => resolve(performance.now() - start)));
}

describe('idle and slow connections (slowloris)', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ env: { IDLE_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '1500', REQUEST_TIMEOUT_MS: '3000' } });
  });
  afterAll(() => api.close());

  it('closes 200 silent or trickling sockets within the configured timeouts, and keeps serving meanwhile', async () => {
    const sockets: Socket[] = [];
    const trickles: NodeJS.Timeout[] = [];
    const trickle = (socket: Socket, head: string) => {
      socket.write(head);
      // One header line every 200 ms: never idle long enough for the idle timeout.
      const timer = setInterval(() => socket.writable && socket.write(`x-slow-${Math.random().toString(36).slice(2)}: 1\r\n`), 200);
      trickles.push(timer);
      socket.once('close', () => clearInterval(timer));
    };
    for (let n = 0; n < 200; n++) {
      const kind = n % 4;
      if (kind === 3) {
        // TLS done, then a request head that never ends.
        const socket = connectTls({ host: '127.0.0.1', port: api.port, ca: api.ca, servername: 'localhost' }, () =>
          trickle(socket, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n'),
        );
        sockets.push(socket);
      } else {
        const socket = connectTcp(api.port, '127.0.0.1');
        // kind 0: says nothing at all; 1: a plain-HTTP head that never ends; 2: half a TLS hello.
        if (kind === 1) socket.once('connect', () => trickle(socket, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n'));
        if (kind === 2) socket.once('connect', () => socket.write(Buffer.from([0x16, 0x03, 0x01, 0x00, 0xff])));
        sockets.push(socket);
      }
      sockets.at(-1)?.on('error', () => undefined);
    }
    const closed = Promise.all(sockets.map(waitUntilClosed));

    // The server still answers while they hang on.
    expect((await api.get('/healthz')).status).toBe(200);
    const durations = await closed;
    for (const timer of trickles) clearInterval(timer);
    // Deadline: the longest timeout (1.5 s for headers) plus Node's 1 s sweep, with slack for a busy
    // machine; far below the 30 s the defaults allow, and without the limits they would never close.
    expect(Math.max(...durations)).toBeLessThan(10_000);
    expect((await api.get('/healthz')).status).toBe(200);
  }, 30_000);
});

describe('a burst of 200 concurrent MEGA requests', () => {
  // The server runs as its own process, so that its memory is measured alone: not the test
  // client's answers, nor what earlier test files left in a reused worker.
  let server: ApiProcess;
  let tlsDir: string;
  let url: string;
  beforeAll(async () => {
    tlsDir = mkdtempSync(join(tmpdir(), 'hotelapi-burst-'));
    const port = await freePort();
    url = `https://127.0.0.1:${port}`;
    server = await ApiProcess.start({
      PORT: String(port),
      TLS_DIR: tlsDir,
      LOG_LEVEL: 'warn',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      CONCURRENT_HEAVY_REQUESTS_PER_CLIENT: '1000',
      AVAILABILITY_RATE_LIMIT_MAX: '100000',
    });
  }, 90_000);
  afterAll(async () => {
    await server?.kill();
    rmSync(tlsDir, { recursive: true, force: true });
  });

  it('answers every one 200 or 503 with Retry-After, never a dropped connection, and the server stays under 512 MB', async () => {
    const { pid } = server.child;
    if (pid === undefined) throw new Error('The API process has no pid');
    const rssMb = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    let peakRss = rssMb();
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb())), 20);
    const ca = readFileSync(join(tlsDir, 'localhost-cert.pem'), 'utf8');
    // Generous client timeouts: the machine running the tests may be shared; what counts is that
    // the server answers every request rather than dropping or ignoring it.
    const heavy = new Agent({ connect: { ca, timeout: 60_000 }, connections: 250, headersTimeout: 90_000, bodyTimeout: 90_000 });
    try {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 200 }, async (_, n) => {
          const response = await request(`${url}${megaPath(n)}`, { dispatcher: heavy });
          const parsed = (await response.body.json()) as { hotels?: unknown[]; message?: string };
          const body = { hotels: parsed.hotels && { length: parsed.hotels.length }, message: parsed.message };
          return { status: response.statusCode, retryAfter: response.headers['retry-after'], body };
        }),
      );
      const failures = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(failures).toEqual([]);
      const answers = outcomes.map((outcome) => (outcome as PromiseFulfilledResult<{ status: number; retryAfter: unknown; body: { hotels?: { length: number }; message?: string } }>).value);
      for (const answer of answers) {
        expect([200, 503], JSON.stringify(answer.body)).toContain(answer.status);
        if (answer.status === 503) {
          expect(answer.retryAfter).toBe('5');
          expect(answer.body.message).toMatch(/overloaded/);
        } else {
          expect(answer.body.hotels?.length).toBeGreaterThan(400);
        }
      }
      // The gate's slots (2 by default) always answer; how many queued searches get a slot within
      // the longest wait depends on the machine's speed, and the rest are shed with the 503.
      expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(2);
      expect(answers.some((answer) => answer.status === 503)).toBe(true);
      expect(peakRss).toBeGreaterThan(0);
      expect(peakRss).toBeLessThan(512);
    } finally {
      clearInterval(sampler);
      await heavy.close();
    }
  }, 120_000);
});

describe('identical chain searches arriving together', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('shares one answer between identical requests arriving together', async () => {
    const [first, second] = await Promise.all([api.get(megaPath(250)), api.get(megaPath(250))]);
    expect(first.status).toBe(200);
    expect(second.text).toBe(first.text);
  }, 60_000);
});

describe('per-client concurrency caps on heavy routes', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ env: { CONCURRENT_HEAVY_REQUESTS_PER_CLIENT: '1', CHAIN_ANSWER_CACHE_MS: '0' } });
  });
  afterAll(() => api.close());

  it('refuses a caller its second concurrent chain search with 429 and Retry-After, in the endpoint shape', async () => {
    const answers = await Promise.all([0, 1, 2].map((n) => api.get(megaPath(100 + n))));
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused[0]?.headers['retry-after']).toBe('1');
    expect(refused[0]?.body.message).toMatch(/at most 1 .* at once/i);
    expect(answers.some((answer) => answer.status === 200)).toBe(true);
  }, 60_000);

  it('leaves the other routes uncapped', async () => {
    const answers = await Promise.all(
      ['ACME001', 'ACME002', 'ACME003', 'ACME004'].map((code) => api.get(`/v1/shopper/${code}?checkIn=2026-12-10&checkOut=2026-12-12`, SANDBOX_AUTH)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
  });
});

/** A JSON-RPC batch of `tools/call` messages, one per argument list. */
const toolCalls = (name: string, argumentLists: readonly Record<string, unknown>[]) =>
  JSON.stringify(argumentLists.map((args, id) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } })));
const MCP_HEADERS = { ...SANDBOX_AUTH, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const megaSearch = (n: number) => ({ chainCode: 'MEGA', checkIn: day(5 + n), checkOut: day(8 + n), currency: 'EUR' });
const megaCalendar = (n: number) => `/v1/availability/calendar?chainCode=MEGA&from=${day(1 + n)}&to=${day(366 + n)}&nights=2&currency=EUR`;

describe('heavy work admitted in the service, whoever asks', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ env: { CONCURRENT_HEAVY_REQUESTS_PER_CLIENT: '2', CHAIN_ANSWER_CACHE_MS: '0' } });
  });
  afterAll(() => api.close());

  it('admits each chain search of an MCP batch on its own: the key gets its two places, the rest a tool error saying so', async () => {
    const response = await api.request('POST', '/mcp', { headers: MCP_HEADERS, body: toolCalls('search_chain_availability', [0, 1, 2, 3, 4, 5].map(megaSearch)) });
    expect(response.status).toBe(200);
    const results = (response.body as { result: { isError: boolean; content: { text: string }[] } }[]).map((message) => message.result);
    const refused = results.filter((result) => result.isError);
    expect(refused.length).toBeGreaterThanOrEqual(4);
    expect(refused[0]?.content[0]?.text).toMatch(/at most 2 .* at once/i);
    expect(results.some((result) => !result.isError)).toBe(true);
  }, 60_000);

  it('does not cap cheap MCP calls: a batch of property lookups all answer', async () => {
    const response = await api.request('POST', '/mcp', {
      headers: MCP_HEADERS,
      body: toolCalls('get_property_info', ['ACME001', 'ACME002', 'ACME003', 'ACME004', 'ACME005'].map((hotelCode) => ({ hotelCode }))),
    });
    const results = (response.body as { result: { isError: boolean } }[]).map((message) => message.result);
    expect(results.map((result) => result.isError)).toEqual([false, false, false, false, false]);
  });

  it('caps the keyless price calendar per caller too: a 429 with Retry-After in the endpoint shape', async () => {
    const answers = await Promise.all([0, 1, 2, 3].map((n) => api.get(megaCalendar(n))));
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused[0]?.headers['retry-after']).toBe('1');
    expect(refused[0]?.body.message).toMatch(/at most 2 .* at once/i);
    expect(answers.some((answer) => answer.status === 200 && answer.body.dates.length === 366)).toBe(true);
  }, 60_000);
});

describe('the heavy-work gate, shared by REST, MCP and the calendar', () => {
  let api: RunningApi;
  beforeAll(async () => {
    // One at a time and no queue: while one heavy job runs, any other is refused at once.
    api = await startApi({ env: { HEAVY_REQUESTS_CONCURRENCY: '1', HEAVY_REQUESTS_QUEUE: '0', CHAIN_ANSWER_CACHE_MS: '0' } });
  });
  afterAll(() => api.close());

  it('refuses what does not fit with 503 service_overloaded, each door in its own shape', async () => {
    const [rest, mcp, calendar] = await Promise.all([
      api.get(megaPath(7)),
      api.request('POST', '/mcp', { headers: MCP_HEADERS, body: toolCalls('search_chain_availability', [megaSearch(9)]) }),
      api.get(megaCalendar(11)),
    ]);
    expect([200, 503]).toContain(rest.status);
    expect([200, 503]).toContain(calendar.status);
    const overloaded = [rest, calendar].filter((answer) => answer.status === 503);
    for (const answer of overloaded) {
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.body.message).toMatch(/overloaded/);
    }
    const mcpResult = (mcp.body as { result: { isError: boolean; content: { text: string }[] } }).result;
    if (mcpResult.isError) expect(mcpResult.content[0]?.text).toMatch(/overloaded/);
    // Sent together, each heavy for hundreds of milliseconds: whichever ran first held the one slot.
    expect(overloaded.length + (mcpResult.isError ? 1 : 0)).toBeGreaterThanOrEqual(1);
  }, 60_000);
});

describe('load shedding', () => {
  let api: RunningApi;
  beforeAll(async () => {
    // A heap limit any process is past: everything sheddable is shed.
    api = await startApi({ env: { MAX_HEAP_USED_MB: '1' } });
    // Past the first sample (one second with the default event-loop limit).
    await new Promise((resolve) => setTimeout(resolve, 1_300));
  });
  afterAll(() => api.close());

  it('answers 503 service_overloaded with Retry-After in the envelope, and still answers /healthz and /readyz', async () => {
    const shed = await api.get('/v1/shopper/ACME001?checkIn=2026-12-10&checkOut=2026-12-12', SANDBOX_AUTH);
    expect(shed.status).toBe(503);
    expect(shed.headers['retry-after']).toBe('5');
    expect(shed.body).toMatchObject({ data: null, error: { type: 'api_error', code: 'service_overloaded' } });
    expect((await api.get('/healthz')).status).toBe(200);
    expect((await api.get('/readyz')).status).toBe(200);
  });
});

describe('request hygiene', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ env: { MAX_HEADER_BYTES: '8192' } });
  });
  afterAll(() => api.close());

  it('answers headers over the limit with 431 in the envelope', async () => {
    const response = await api.get('/healthz', { 'x-padding': 'a'.repeat(10_000) });
    expect(response.status).toBe(431);
    expect(response.body).toMatchObject({ data: null, error: { type: 'invalid_request_error', code: 'headers_too_large' } });
    expect(response.headers['x-request-id']).toBe(response.body.error.requestId);
  });

  it.each(['api_key', 'apiKey', 'key', 'APIKEY'])('refuses an API key sent as ?%s= with 400 api_key_in_query', async (param) => {
    const response = await api.get(`/v1/shopper/ACME001?checkIn=2026-12-10&checkOut=2026-12-12&${param}=sk_test_sandbox`);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'api_key_in_query', param });
    expect(response.body.error.message).toMatch(/Authorization: Bearer/);
  });

  it('refuses it on the keyless endpoint too, in that endpoint shape', async () => {
    const response = await api.get(`/v1/availability/multi?chainCode=BLUE&checkin=2026-12-10&checkout=2026-12-12&currency=EUR&api_key=sk_test_sandbox`);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^api_key: Do not send an API key in the URL/);
  });
});
