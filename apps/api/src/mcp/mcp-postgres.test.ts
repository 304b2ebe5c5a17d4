/**
 * `/mcp` in PostgreSQL mode (CONNECTOR=postgres) on the real test database: a NUL character in a
 * property code is refused as invalid params before any query, and nothing of PostgreSQL's own
 * words reaches the client (PostgreSQL cannot store a NUL and says so in its words).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnectors, exportSandbox, type Connectors } from '@hotelapi/connectors';
import { createDatabase, dataFilesAt, HOTEL_DATA_MIGRATION_SET, loadDataFile, migrateToLatest } from '@hotelapi/connectors/postgres';
import { createTestDatabase, describeWithDatabase, type TestDatabase } from '@hotelapi/connectors/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SANDBOX_AUTH, startApi, TEST_NOW, type RunningApi } from '../test-support/start-api.js';

const MCP_HEADERS = { ...SANDBOX_AUTH, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describeWithDatabase('/mcp with CONNECTOR=postgres: bad codes never reach the database', (serverUrl) => {
  let database: TestDatabase;
  let connectors: Connectors;
  let api: RunningApi;

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl, 'hotel_api_mcp');
    const loader = createDatabase({ url: database.url, poolSize: 2, statementTimeoutMs: 0 });
    const dataDir = mkdtempSync(join(tmpdir(), 'hotel-mcp-export-'));
    try {
      await migrateToLatest(loader, [HOTEL_DATA_MIGRATION_SET]);
      await exportSandbox({ dir: dataDir, chains: ['BLUE'], now: TEST_NOW, days: 2, include: ['catalog'] });
      for (const file of await dataFilesAt(dataDir)) await loadDataFile(loader, file);
    } finally {
      await loader.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Every read asks PostgreSQL rather than a copy kept for a moment: the database is what is under test.
    connectors = await createConnectors({ kind: 'postgres', url: database.url, now: () => TEST_NOW, dataVersionMaxAgeMs: 0 });
    api = await startApi({ env: { CONNECTOR: 'postgres', DATABASE_URL: database.url, PROPERTY_ANSWER_CACHE_MS: '0' }, connectors });
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await connectors?.close?.();
    await database?.drop();
  });

  const post = (method: string, params: Record<string, unknown>) =>
    api.request('POST', '/mcp', { headers: MCP_HEADERS, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });

  it('reads a property from PostgreSQL', async () => {
    const response = await post('resources/read', { uri: 'hotel://properties/BLUE001' });
    expect(response.body.result.contents[0]).toMatchObject({ uri: 'hotel://properties/BLUE001', mimeType: 'application/json' });
  });

  it.each([
    ['resources/read', { uri: 'hotel://properties/BLUE001\u0000' }, /params\.uri must not contain a NUL character/],
    ['resources/read', { uri: 'hotel://properties/BLUE001%00' }, /must be a property code/],
    ['tools/call', { name: 'get_property_info', arguments: { hotelCode: 'BLUE001\u0000' } }, /params\.arguments\.hotelCode must not contain a NUL/],
    ['prompts/get', { name: 'review_digest', arguments: { hotelCode: 'BLUE001\u0000' } }, /params\.arguments\.hotelCode must not contain a NUL/],
  ])('answers %s of a code holding a NUL (%j) with -32602, in our words', async (method, params, wording) => {
    const response = await post(method, params);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: expect.stringMatching(wording) } });
    expect(response.body.error.message).not.toMatch(/byte sequence|UTF8|0x00|syntax|postgres/i);
  });
});
