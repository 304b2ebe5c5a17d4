import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createConnectors, type Connectors } from '@hotelapi/connectors';
import { createDatabase, HOTEL_DATA_MIGRATION_SET, loadDataFile, migrateToLatest } from '@hotelapi/connectors/postgres';
import { createTestDatabase, describeWithDatabase, type TestDatabase } from '@hotelapi/connectors/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AUTH, startApi, type RunningApi } from '../test-support/start-api.js';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const STAY = 'checkIn=2026-12-10&checkOut=2026-12-12';

const toolCall = (id: number, hotelCode: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_property_info', arguments: { hotelCode } } });

describe('/metrics', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ env: { METRICS_TOKEN, MCP_MAX_BATCH: '2' } });
  });
  afterAll(() => api.close());

  it('is served only to the configured bearer token', async () => {
    expect((await api.get('/metrics')).status).toBe(404);
    expect((await api.get('/metrics', { authorization: 'Bearer wrong-token-wrong-token-00' })).status).toBe(404);
    const response = await api.get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests by route, method and status, rejections, cache lookups, MCP tool calls and process health', async () => {
    await api.get(`/v1/shopper/ACME001?${STAY}`, SANDBOX_AUTH);
    // Asked again: kept from this second asking.
    const shopped = await api.get(`/v1/shopper/ACME001?${STAY}`, SANDBOX_AUTH);
    // And again: the same answer, reused, in an envelope of its own.
    const again = await api.get(`/v1/shopper/ACME001?${STAY}`, SANDBOX_AUTH);
    expect(again.body.data).toEqual(shopped.body.data);
    expect(again.body.metadata.requestId).not.toBe(shopped.body.metadata.requestId);
    await api.get(`/v1/shopper/ACME001?${STAY}&api_key=sk_test_sandbox`);
    // Asked three times: computed twice (kept from the second asking), reused once.
    for (let asked = 0; asked < 3; asked++) await api.get('/v1/availability/multi?chainCode=BLUE&checkin=2026-12-10&checkout=2026-12-12&currency=EUR');
    await api.request('POST', '/mcp', { headers: { ...SANDBOX_AUTH, ...MCP_HEADERS }, body: JSON.stringify(toolCall(1, 'ACME001')) });
    await api.request('POST', '/mcp', { headers: { ...SANDBOX_AUTH, ...MCP_HEADERS }, body: JSON.stringify(toolCall(2, 'NOPE999')) });

    const { text } = await api.get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(text).toMatch(/http_request_duration_seconds_count\{route="\/v1\/shopper\/:code",method="GET",status="200"\} 3/);
    expect(text).toMatch(/http_request_duration_seconds_count\{route="\/v1\/shopper\/:code",method="GET",status="400"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.1",route="\/v1\/availability\/multi",method="GET",status="200"\} \d/);
    expect(text).toMatch(/hotelapi_cache_hits_total\{cache="chain-answers"\} 1/);
    expect(text).toMatch(/hotelapi_cache_misses_total\{cache="chain-answers"\} 2/);
    expect(text).toMatch(/hotelapi_cache_hits_total\{cache="shopper-answers"\} 1/);
    expect(text).toMatch(/hotelapi_cache_misses_total\{cache="shopper-answers"\} 2/);
    expect(text).toMatch(/mcp_tool_calls_total\{tool="get_property_info",outcome="ok"\} 1/);
    expect(text).toMatch(/mcp_tool_calls_total\{tool="get_property_info",outcome="error"\} 1/);
    expect(text).toMatch(/nodejs_eventloop_lag_p99_seconds \d/);
    expect(text).toMatch(/nodejs_heap_size_used_bytes \d/);
    expect(text).toMatch(/process_resident_memory_bytes \d/);
    expect(text).toMatch(/heavy_work_running 0/);
    expect(text).not.toContain('sk_test_sandbox');
  });

  it('refuses an MCP batch over MCP_MAX_BATCH with a JSON-RPC invalid-request error', async () => {
    const batch = [toolCall(1, 'ACME001'), toolCall(2, 'ACME002'), toolCall(3, 'ACME003')];
    const response = await api.request('POST', '/mcp', { headers: { ...SANDBOX_AUTH, ...MCP_HEADERS }, body: JSON.stringify(batch) });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, data: { code: 'batch_too_large' } } });
    expect(response.body.error.message).toMatch(/at most 2 messages/);
  });
});

describe('without METRICS_TOKEN', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('has no /metrics at all', async () => {
    expect((await api.get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).status).toBe(404);
  });
});

describe('logs', () => {
  const lines: string[] = [];
  let api: RunningApi;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    api = await startApi({ logger: { level: 'trace', stream } });
  });
  afterAll(() => api.close());

  it('are JSON lines with the request id, and never carry a key sent in a header', async () => {
    await api.get(`/v1/shopper/ACME001?${STAY}`, { ...SANDBOX_AUTH, 'x-request-id': 'log-test-1' });
    await api.get('/v1/shopper/ACME001', { authorization: 'Bearer sk_live_secretsecretsecretsecret00', 'x-request-id': 'log-test-2' });
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const ours = entries.filter((entry) => entry['reqId'] === 'log-test-1' || entry['reqId'] === 'log-test-2');
    expect(ours.length).toBeGreaterThanOrEqual(4);
    expect(ours.some((entry) => entry['msg'] === 'request completed')).toBe(true);
    const everything = lines.join('\n');
    expect(everything).not.toContain('sk_test_sandbox');
    expect(everything).not.toContain('secretsecret');
  });

  it('never carry a key sent in a URL, whatever the parameter or place', async () => {
    await api.get(`/v1/shopper/ACME001?${STAY}&api_key=sk_live_querysecretquerysecret01`);
    await api.get(`/v1/shopper/ACME001?${STAY}&token=plainsecretvalue`);
    await api.get(`/v1/shopper/sk_live_pathsecretpathsecret0001?${STAY}`, SANDBOX_AUTH);
    const everything = lines.join('\n');
    expect(everything).toContain('api_key=[redacted]');
    expect(everything).not.toContain('querysecret');
    expect(everything).not.toContain('plainsecretvalue');
    expect(everything).not.toContain('pathsecret');
  });
});

describe('the access log at info', () => {
  const lines: Record<string, unknown>[] = [];
  let api: RunningApi;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>));
        done();
      },
    });
    api = await startApi({ logger: { level: 'info', stream } });
  });
  afterAll(() => api.close());

  it('is one line per request, written when it is answered, with the request, its status and its time', async () => {
    await api.get(`/v1/shopper/ACME001?${STAY}`, { ...SANDBOX_AUTH, 'x-request-id': 'access-1' });
    await api.get('/v1/properties/NOPE001', { ...SANDBOX_AUTH, 'x-request-id': 'access-2' });
    const first = lines.filter((line) => line['reqId'] === 'access-1');
    expect(first).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: `/v1/shopper/ACME001?${STAY}` }) as unknown,
        res: { statusCode: 200 },
        responseTime: expect.any(Number) as unknown,
      }),
    ]);
    const second = lines.filter((line) => line['reqId'] === 'access-2' && line['msg'] === 'request completed');
    expect(second).toEqual([expect.objectContaining({ res: { statusCode: 404 }, req: expect.objectContaining({ url: '/v1/properties/NOPE001' }) as unknown })]);
  });
});

interface ExportedSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  readonly attributes: { key: string; value: { stringValue?: string } }[];
  readonly status?: { code?: number };
}

/** OTLP's status code for a failed operation. */
const STATUS_ERROR = 2;

const attribute = (span: ExportedSpan, key: string) => span.attributes.find((entry) => entry.key === key)?.value.stringValue;

/** A loopback OTLP/HTTP receiver keeping every span it is sent. */
async function startReceiver(): Promise<{ readonly spans: ExportedSpan[]; readonly endpoint: string; close(): void }> {
  const spans: ExportedSpan[] = [];
  const receiver = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.url === '/v1/traces') {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[] };
      for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const { port } = receiver.address() as { port: number };
  return { spans, endpoint: `http://127.0.0.1:${port}`, close: () => receiver.close() };
}

/** The span of the request that carried `requestId` (fails the test when there is none). */
function requestSpanOf(spans: readonly ExportedSpan[], requestId: string): ExportedSpan {
  const span = spans.find((candidate) => attribute(candidate, 'http.request.id') === requestId);
  if (!span) throw new Error(`no span carries the request id ${requestId}; spans: ${spans.map((candidate) => candidate.name).join(', ')}`);
  return span;
}

/** Whether `span` sits beneath `ancestor`, following parent ids. */
function isBeneath(span: ExportedSpan, ancestor: ExportedSpan, spans: readonly ExportedSpan[]): boolean {
  for (let parent = span.parentSpanId; parent; parent = spans.find((candidate) => candidate.spanId === parent)?.parentSpanId) {
    if (parent === ancestor.spanId) return true;
  }
  return false;
}

/** The spans of PostgreSQL statements (not of connections) beneath `request`. */
function statementSpansBeneath(request: ExportedSpan, spans: readonly ExportedSpan[]): ExportedSpan[] {
  return spans.filter((span) => attribute(span, 'db.system.name') === 'postgresql' && attribute(span, 'db.query.text') !== undefined && isBeneath(span, request, spans));
}

describe('tracing', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let api: RunningApi;
  beforeAll(async () => {
    receiver = await startReceiver();
    api = await startApi({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint } });
  }, 60_000);
  afterAll(() => receiver.close());

  it('exports a span per request, with its request id, and one per connector call beneath it, over OTLP/HTTP', async () => {
    const response = await api.get(`/v1/shopper/ACME001?${STAY}`, { ...SANDBOX_AUTH, 'x-request-id': 'trace-me-1' });
    expect(response.status).toBe(200);
    // Closing the app flushes the exporter.
    await api.close();
    const { spans } = receiver;
    const requestSpan = requestSpanOf(spans, 'trace-me-1');
    expect(attribute(requestSpan, 'http.route')).toBe('/v1/shopper/:code');
    const connectorSpans = spans.filter((span) => span.traceId === requestSpan.traceId && attribute(span, 'connector.port') !== undefined);
    expect(connectorSpans.map((span) => span.name)).toContain('rateShopper.shop');
  }, 60_000);
});

/** The documented example of docs/data-format.md: one chain, one property (SEA001) with reviews. */
const EXAMPLE = join(import.meta.dirname, '../../../../docs/examples/small-chain.jsonl');

describeWithDatabase('tracing with CONNECTOR=postgres', (serverUrl) => {
  let database: TestDatabase;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let connectors: Connectors;
  let api: RunningApi;
  beforeAll(async () => {
    database = await createTestDatabase(serverUrl, 'hotel_tracing');
    const loader = createDatabase({ url: database.url, poolSize: 1 });
    try {
      await migrateToLatest(loader, [HOTEL_DATA_MIGRATION_SET]);
      await loadDataFile(loader, EXAMPLE);
    } finally {
      await loader.destroy();
    }
    receiver = await startReceiver();
    // A short statement timeout, so that a statement kept waiting (below) fails; the data version
    // read at every call, so that every request sends a statement (the reviews are kept per version).
    connectors = await createConnectors({ kind: 'postgres', url: database.url, statementTimeoutMs: 300, dataVersionMaxAgeMs: 0 });
    api = await startApi({
      env: { CONNECTOR: 'postgres', DATABASE_URL: database.url, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, CONNECTOR_RETRIES: '0', CONNECTOR_TIMEOUT_MS: '5000' },
      connectors,
    });
  }, 60_000);
  afterAll(async () => {
    receiver?.close();
    await connectors?.close?.();
    await database?.drop();
  });

  it('exports a span per database statement beneath its request, without the bound values, failed ones marked', async () => {
    const answered = await api.get('/v1/reviews/SEA001', { ...SANDBOX_AUTH, 'x-request-id': 'trace-db-1' });
    expect(answered.status, answered.text).toBe(200);
    // A statement kept waiting on a lock past statement_timeout: the database span says it failed.
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE hotel_data_version IN ACCESS EXCLUSIVE MODE');
      // The same reviews, another page: answered from the kept answer, marked stale.
      const failed = await api.get('/v1/reviews/SEA001?page=2', { ...SANDBOX_AUTH, 'x-request-id': 'trace-db-2' });
      expect(failed.status, failed.text).toBe(200);
      expect(failed.headers['x-data-stale']).toBe('true');
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    await api.close();
    const { spans } = receiver;

    const requestSpan = requestSpanOf(spans, 'trace-db-1');
    const statements = statementSpansBeneath(requestSpan, spans);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(attribute(statement, 'db.operation.name')).toBe('SELECT');
      const text = attribute(statement, 'db.query.text') ?? '';
      expect(text).toMatch(/^select /i);
      // The property code is a bound parameter: the text has its placeholder, never the value.
      expect(text).not.toContain('SEA001');
    }
    expect(statements.some((statement) => /\$1/.test(attribute(statement, 'db.query.text') ?? ''))).toBe(true);
    expect(statements.every((statement) => statement.status?.code !== STATUS_ERROR)).toBe(true);

    const failedRequest = requestSpanOf(spans, 'trace-db-2');
    const failedStatements = statementSpansBeneath(failedRequest, spans);
    expect(failedStatements.filter((statement) => statement.status?.code === STATUS_ERROR).length).toBeGreaterThan(0);
  }, 60_000);
});
