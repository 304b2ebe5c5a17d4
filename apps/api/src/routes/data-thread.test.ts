/**
 * `POST /v1/data` with PostgreSQL, where pushes are read and written on the push thread
 * (services/admission/write-worker.ts): what the thread refuses while reading, what the main
 * thread refuses between reading and writing (the key's grants), and that neither leaves
 * anything applied or the thread unable to take the next push.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { entriesOf, HashIndexedKeyStore, issueKey, sandboxEntries } from '@hotelapi/auth';
import { createConnectors, exportSandbox, type Connectors } from '@hotelapi/connectors';
import { describeWithDatabase, type TestDatabase } from '@hotelapi/connectors/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMigratedDatabase } from '../test-support/migrated-database.js';
import { SANDBOX_AUTH, startApi, TEST_NOW, type RunningApi } from '../test-support/start-api.js';

const NIGHT = '2031-03-01';
type Row = { type: string; [field: string]: unknown };
const lines = (records: readonly object[]) => records.map((record) => JSON.stringify(record)).join('\n') + '\n';

describeWithDatabase('POST /v1/data on the push thread', (serverUrl) => {
  let database: TestDatabase;
  let admin: pg.Client;
  let dataDir: string;
  let connectors: Connectors;
  let api: RunningApi;
  let blueWriter: string;
  let catalog: string;
  const rooms = new Map<string, string>();

  const push = (body: string, key: string = SANDBOX_AUTH.authorization) =>
    api.request('POST', '/v1/data', { headers: { authorization: key, 'content-type': 'application/x-ndjson' }, body });
  const ari = (property: string) => ({ type: 'ari', property, room: rooms.get(property), date: NIGHT, priceFactor: 1, roomsLeft: 2, stopSell: [] });
  const nightsWritten = async () => Number((await admin.query<{ n: string }>('select count(*) as n from room_nights where night = $1', [NIGHT])).rows[0]?.n);

  beforeAll(async () => {
    database = await createMigratedDatabase(serverUrl, 'hotel_push_thread');
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    dataDir = mkdtempSync(join(tmpdir(), 'hotel-push-thread-'));
    await exportSandbox({ dir: dataDir, chains: ['BLUE', 'ACME'], days: 2, now: TEST_NOW, include: ['catalog'] });
    catalog = readFileSync(join(dataDir, '01-catalog.jsonl'), 'utf8');
    for (const record of catalog.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Row)) {
      if (record.type === 'room' && !rooms.has(String(record.property))) rooms.set(String(record.property), String(record.code));
    }
    const issued = issueKey({ label: 'BLUE channel manager', mode: 'test', grants: [{ kind: 'chain', code: 'BLUE' }], scopes: ['read', 'write'], now: new Date() }, () => false);
    blueWriter = `Bearer ${issued.key}`;
    const keyStore = new HashIndexedKeyStore(new Map([...sandboxEntries(true), ...entriesOf(issued.record)]));
    connectors = await createConnectors({ kind: 'postgres', url: database.url, now: () => TEST_NOW });
    api = await startApi({ keyStore, connectors, env: { CONNECTOR: 'postgres', DATABASE_URL: database.url, DATA_PUSH_MAX_RECORDS: '5000', DATA_PUSH_BODY_LIMIT_BYTES: '16000000', WRITE_RATE_LIMIT_MAX: '1000' } });
  }, 300_000);

  afterAll(async () => {
    await api?.close();
    await connectors?.close?.();
    await admin?.end();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes a catalog durably, then refuses a bad line, an ungranted property and too many records with nothing applied, and takes the next push', async () => {
    const loaded = await push(catalog);
    expect(loaded.status, loaded.text.slice(0, 300)).toBe(200);
    expect(loaded.body.metadata.durable).toBe(true);

    const badLine = await push(`${JSON.stringify(ari('BLUE001'))}\n{"type": "ari",\n`);
    expect(badLine.status).toBe(400);
    expect(badLine.body.error).toMatchObject({ code: 'record_invalid', param: 'line 2: (line)' });

    const ungranted = await push(lines([ari('BLUE001'), ari('BLUE002'), ari('ACME001')]), blueWriter);
    expect(ungranted.status).toBe(403);
    expect(ungranted.body.error).toMatchObject({ code: 'record_forbidden', param: 'line 3' });
    expect(ungranted.body.error.message).toMatch(/^Line 3: this API key may not write property ACME001/);

    const tooMany = await push(lines(Array.from({ length: 5_001 }, () => ari('BLUE001'))));
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.error.code).toBe('too_many_records');
    expect(await nightsWritten()).toBe(0);

    const granted = await push(lines([ari('BLUE001'), ari('BLUE002')]), blueWriter);
    expect(granted.status, granted.text).toBe(200);
    expect(granted.body.data.counts).toEqual({ ari: 2 });
    expect(await nightsWritten()).toBe(2);
  }, 120_000);
});
