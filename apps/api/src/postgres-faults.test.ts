/**
 * CONNECTOR=postgres while PostgreSQL goes away and comes back, on the real server over HTTPS and
 * the real test database (never a mock): a connection terminated under a request's query is
 * retried; with the database refusing the service's role, a request answered before gets its
 * kept answer marked stale, a new one the 502 envelope, never a 500; and it recovers by itself.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createConnectors, exportSandbox, type ConnectorObserver, type Connectors } from '@hotelapi/connectors';
import { createDatabase, dataFilesAt, HOTEL_DATA_MIGRATION_SET, loadDataFile, migrateToLatest } from '@hotelapi/connectors/postgres';
import { createTestDatabase, describeWithDatabase, type TestDatabase } from '@hotelapi/connectors/testing';
import { ErrorEnvelope, ReviewsResponse } from '@hotelapi/domain';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SANDBOX_AUTH, startApi, TEST_NOW, type RunningApi } from './test-support/start-api.js';

/** The role the service connects as: the tests take the database away from it alone. */
const ROLE = `hotel_api_faults_${randomBytes(4).toString('hex')}`;
const ROLE_PASSWORD = 'faults-role-pw';

describeWithDatabase('CONNECTOR=postgres with PostgreSQL briefly away', (serverUrl) => {
  let database: TestDatabase;
  let admin: pg.Client;
  let connectors: Connectors;
  let api: RunningApi;
  const seen = { retries: 0, stale: 0 };
  const observer: ConnectorObserver = { retried: () => seen.retries++, staleServed: () => seen.stale++ };

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl, 'hotel_api_faults');
    const loader = createDatabase({ url: database.url, poolSize: 2, statementTimeoutMs: 0 });
    const dataDir = mkdtempSync(join(tmpdir(), 'hotel-faults-export-'));
    try {
      await migrateToLatest(loader, [HOTEL_DATA_MIGRATION_SET]);
      await exportSandbox({ dir: dataDir, chains: ['BLUE'], now: TEST_NOW, days: 2, include: ['catalog', 'reviews'] });
      for (const file of await dataFilesAt(dataDir)) await loadDataFile(loader, file);
    } finally {
      await loader.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(`CREATE ROLE ${ROLE} LOGIN PASSWORD '${ROLE_PASSWORD}'`);
    await admin.query(`GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${ROLE}`);
    const url = new URL(database.url);
    url.username = ROLE;
    url.password = ROLE_PASSWORD;
    // Every call asks PostgreSQL (the data version at least), rather than answering for up to a
    // second from the catalog and reviews it keeps: what this test takes away is the database.
    connectors = await createConnectors({ kind: 'postgres', url: url.toString(), now: () => TEST_NOW, dataVersionMaxAgeMs: 0 });
    api = await startApi({
      env: {
        CONNECTOR: 'postgres',
        DATABASE_URL: url.toString(),
        CONNECTOR_RETRY_BASE_MS: '5',
        CONNECTOR_RETRY_MAX_MS: '20',
        // Generous: these tests are about classification, not deadlines (data-source-faults.test.ts shows those).
        CONNECTOR_TIMEOUT_MS: '20000',
        CONNECTOR_DEADLINE_MS: '40000',
        // The breaker is shown elsewhere; here every request should reach the database.
        CONNECTOR_BREAKER_MIN_CALLS: '1000',
        // Nor is any request answered by reusing another's answer of a moment ago.
        PROPERTY_ANSWER_CACHE_MS: '0',
      },
      connectors,
      connectorObserver: observer,
    });
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await connectors?.close?.();
    if (admin) {
      await admin.query(`DROP OWNED BY ${ROLE}`).catch(() => undefined);
      await admin.end();
    }
    await database?.drop();
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP ROLE IF EXISTS ${ROLE}`).finally(() => cleanup.end());
  });

  /** The service role's backends now (a fresh snapshot on every call). */
  async function serviceBackends(filter = 'true'): Promise<number[]> {
    const { rows } = await admin.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE usename = $1 AND ${filter}`, [ROLE]);
    return rows.map((row) => row.pid);
  }

  it('retries a request whose connection PostgreSQL terminated under its query, and answers it', async () => {
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE reviews IN ACCESS EXCLUSIVE MODE');
      const retriesBefore = seen.retries;
      const response = api.get('/v1/reviews/BLUE001', SANDBOX_AUTH);
      let waiting: number[] = [];
      // The request's query waits on the lock; then its backend is terminated (as a restart would).
      while (waiting.length === 0) {
        await delay(20);
        waiting = await serviceBackends(`wait_event_type = 'Lock'`);
      }
      await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [waiting]);
      await locker.query('ROLLBACK');
      const answered = await response;
      expect(answered.status, answered.text).toBe(200);
      expect(answered.headers['x-data-stale']).toBeUndefined();
      expect(ReviewsResponse.parse(answered.body).data?.reviews).toBeGreaterThan(0);
      expect(seen.retries).toBeGreaterThan(retriesBefore);
    } finally {
      await locker.end();
    }
  }, 60_000);

  it('while the database refuses the service: a kept answer marked stale, else the 502 envelope, never a 500; then recovers', async () => {
    const known = await api.get('/v1/reviews/BLUE002', SANDBOX_AUTH);
    expect(known.status, known.text).toBe(200);
    expect((await api.get('/readyz')).status).toBe(200);

    // Away: no new connection for the service's role (53300), and its open ones terminated (57P01).
    await admin.query(`ALTER ROLE ${ROLE} CONNECTION LIMIT 0`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [await serviceBackends()]);
    try {
      const staleBefore = seen.stale;
      const kept = await api.get('/v1/reviews/BLUE002', SANDBOX_AUTH);
      expect(kept.status, kept.text).toBe(200);
      expect(kept.headers['x-data-stale']).toBe('true');
      expect(ReviewsResponse.parse(kept.body).metadata.stale).toBe(true);
      expect(ReviewsResponse.parse(kept.body).data).toEqual(known.body.data);
      expect(seen.stale).toBeGreaterThan(staleBefore);

      // Never answered before: nothing kept, so the documented upstream envelope, in our words only.
      const failed = await api.get('/v1/reviews/BLUE003', SANDBOX_AUTH);
      expect(failed.status, failed.text).toBe(502);
      expect(ErrorEnvelope.parse(failed.body).error).toMatchObject({ type: 'upstream_error', code: 'upstream_failed' });
      expect(failed.text).not.toMatch(/53300|57P01|too many connections|postgres/i);
      expect((await api.get('/readyz')).status).toBe(503);
    } finally {
      await admin.query(`ALTER ROLE ${ROLE} CONNECTION LIMIT -1`);
    }

    // Back: the next request opens a new connection and is answered afresh.
    const back = await api.get('/v1/reviews/BLUE003', SANDBOX_AUTH);
    expect(back.status, back.text).toBe(200);
    expect(back.headers['x-data-stale']).toBeUndefined();
    expect((await api.get('/readyz')).status).toBe(200);
  }, 60_000);
});
