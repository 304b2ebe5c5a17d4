import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
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
    await api.get(`/v1/shopper/ACME001?${STAY}&api_key=sk_test_sandbox`);
    await api.get('/v1/availability/multi?chainCode=BLUE&checkin=2026-12-10&checkout=2026-12-12&currency=EUR');
    await api.get('/v1/availability/multi?chainCode=BLUE&checkin=2026-12-10&checkout=2026-12-12&currency=EUR');
    await api.request('POST', '/mcp', { headers: { ...SANDBOX_AUTH, ...MCP_HEADERS }, body: JSON.stringify(toolCall(1, 'ACME001')) });
    await api.request('POST', '/mcp', { headers: { ...SANDBOX_AUTH, ...MCP_HEADERS }, body: JSON.stringify(toolCall(2, 'NOPE999')) });

    const { text } = await api.get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(text).toMatch(/http_request_duration_seconds_count\{route="\/v1\/shopper\/:code",method="GET",status="200"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_count\{route="\/v1\/shopper\/:code",method="GET",status="400"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.1",route="\/v1\/availability\/multi",method="GET",status="200"\} \d/);
    expect(text).toMatch(/cache_lookups_total\{cache="chain_answers",outcome="hit"\} 1/);
    expect(text).toMatch(/cache_lookups_total\{cache="chain_answers",outcome="miss"\} 1/);
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

interface ExportedSpan {
  readonly traceId: string;
  readonly name: string;
  readonly attributes: { key: string; value: { stringValue?: string } }[];
}

describe('tracing', () => {
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
  let api: RunningApi;
  beforeAll(async () => {
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    const { port } = receiver.address() as { port: number };
    api = await startApi({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` } });
  }, 60_000);
  afterAll(() => receiver.close());

  it('exports a span per request, with its request id, and one per connector call beneath it, over OTLP/HTTP', async () => {
    const response = await api.get(`/v1/shopper/ACME001?${STAY}`, { ...SANDBOX_AUTH, 'x-request-id': 'trace-me-1' });
    expect(response.status).toBe(200);
    // Closing the app flushes the exporter.
    await api.close();
    const attribute = (span: ExportedSpan, key: string) => span.attributes.find((entry) => entry.key === key)?.value.stringValue;
    const requestSpan = spans.find((span) => attribute(span, 'http.request.id') === 'trace-me-1');
    if (!requestSpan) throw new Error(`no span carries the request id; spans: ${spans.map((span) => span.name).join(', ')}`);
    expect(attribute(requestSpan, 'http.route')).toBe('/v1/shopper/:code');
    const connectorSpans = spans.filter((span) => span.traceId === requestSpan.traceId && attribute(span, 'connector.port') !== undefined);
    expect(connectorSpans.map((span) => span.name)).toContain('rateShopper.shop');
  }, 60_000);
});
