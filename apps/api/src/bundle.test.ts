/**
 * The service as production runs it: `npm run start:prod`'s V8 options and entry point, the bundle
 * `nx run api:bundle` writes (bundle.mjs), which every other test of this project runs from its
 * sources instead. What the bundle could break is what finds a file at run time: the compile
 * cache, /llms.txt, the widget's and the dashboard's assets, /docs, the lazily loaded MCP server,
 * and the worker threads (webhook deliveries at start; pushes with PostgreSQL).
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeWithDatabase, type TestDatabase } from '@hotelapi/connectors/testing';
import { Agent, request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiProcess } from './test-support/api-process.js';
import { createMigratedDatabase } from './test-support/migrated-database.js';
import { PRODUCTION_ENTRY_POINT } from './test-support/production-start.js';
import { freePort } from './test-support/real-servers.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const AUTH = { authorization: 'Bearer sk_test_sandbox' };
const insecure = new Agent({ connect: { rejectUnauthorized: false } });

interface Bundled {
  readonly api: ApiProcess;
  readonly origin: string;
}

const running: ApiProcess[] = [];

/** Starts the bundle as `npm run start:prod` does, with folders of its own. */
async function startBundle(env: Record<string, string> = {}): Promise<Bundled> {
  const port = await freePort();
  const api = await ApiProcess.start(
    {
      PORT: String(port),
      TLS_DIR: mkdtempSync(join(tmpdir(), 'hotel-api-tls-')),
      API_KEYS_FILE: join(mkdtempSync(join(tmpdir(), 'hotel-api-keys-')), 'keys.json'),
      NODE_COMPILE_CACHE: mkdtempSync(join(tmpdir(), 'hotel-api-compile-cache-')),
      ...env,
    },
    { from: 'bundle' },
  );
  running.push(api);
  return { api, origin: `https://127.0.0.1:${port}` };
}

async function get(bundled: Bundled, path: string, headers: Record<string, string> = {}) {
  const response = await request(`${bundled.origin}${path}`, { dispatcher: insecure, headers });
  return { status: response.statusCode, text: await response.body.text() };
}

async function post(bundled: Bundled, path: string, body: string, headers: Record<string, string>) {
  const response = await request(`${bundled.origin}${path}`, { method: 'POST', dispatcher: insecure, headers: { ...AUTH, ...headers }, body });
  return { status: response.statusCode, text: await response.body.text() };
}

/** Log lines at warn (40) or above: a thread that could not start says so there. */
const complaints = (output: string) => output.split('\n').filter((line) => /"level":(40|50|60)/.test(line));

afterEach(async () => {
  await Promise.all(running.splice(0).map((api) => api.terminate()));
});

describe('the production bundle (npm run start:prod)', () => {
  it('is what start:prod runs, built by api:bundle before these tests', () => {
    expect(PRODUCTION_ENTRY_POINT).toBe('apps/api/bundle/main.js');
    expect(existsSync(join(ROOT, PRODUCTION_ENTRY_POINT))).toBe(true);
  });

  it('serves the API, its documents and assets, and MCP, then shuts down cleanly', async () => {
    const bundled = await startBundle({ SHUTDOWN_DRAIN_MS: '0' });
    expect((await get(bundled, '/healthz')).status).toBe(200);
    const shopper = await get(bundled, '/v1/shopper/ACME001?checkIn=2027-03-10&checkOut=2027-03-12&adults=2', AUTH);
    expect(shopper.status, shopper.text).toBe(200);
    expect(shopper.text).toContain('"rates":[');
    const llms = await get(bundled, '/llms.txt');
    expect(llms.status).toBe(200);
    expect(llms.text).toContain('/mcp');
    const openApi = await get(bundled, '/openapi.json');
    expect(JSON.parse(openApi.text)).toMatchObject({ openapi: '3.1.0' });
    expect((await get(bundled, '/docs')).text).toContain('swagger-ui');
    expect((await get(bundled, '/widget/v1/hotel-search.js')).status).toBe(200);
    expect((await get(bundled, '/dashboard')).text).toContain('<script');
    const tools = await post(bundled, '/mcp', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    });
    expect(tools.status, tools.text).toBe(200);
    expect(tools.text).toContain('search_chain_availability');
    expect(complaints(bundled.api.output)).toEqual([]);
    expect(await bundled.api.terminate()).toBe(0);
    expect(bundled.api.output).toContain('"msg":"shut down"');
  }, 60_000);
});

describeWithDatabase('the production bundle with PostgreSQL', (serverUrl) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createMigratedDatabase(serverUrl, 'hotel_bundle');
  });
  afterAll(() => database?.drop());

  it('hands a push to its push thread, which checks it against the database', async () => {
    const bundled = await startBundle({ CONNECTOR: 'postgres', DATABASE_URL: database.url, SANDBOX_KEYS: 'true' });
    const record = { type: 'ari', property: 'NOPE001', room: 'DBL', date: '2027-06-12', priceFactor: 1, roomsLeft: 3, stopSell: [] };
    const pushed = await post(bundled, '/v1/data', `${JSON.stringify(record)}\n`, { 'content-type': 'application/x-ndjson' });
    // Only the thread reads the database for the properties a push names: this refusal is its answer.
    expect(pushed.status, pushed.text).toBe(400);
    expect(pushed.text).toContain('NOPE001');
    expect(complaints(bundled.api.output)).toEqual([]);
  }, 60_000);
});
