import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnectors } from '../create-connectors.js';
import { ConnectorError, UpstreamError, UpstreamTimeoutError } from '../errors.js';
import type { Connectors } from '../ports/index.js';
import { isSourceFailure } from '../resilience/source-failure.js';
import { createTestDatabase, describeWithDatabase, type TestDatabase } from '../testing.js';
import { createDatabase } from './connect.js';
import { asDatabaseFailure } from './database-failures.js';
import { loadDataFile } from './loader/load-data.js';
import { migrateToLatest } from './migrate.js';
import { HOTEL_DATA_MIGRATION_SET } from './migrator.js';

/**
 * The PostgreSQL adapter's failures, provoked on the real test server (never a mock): a port
 * nothing listens on, a role out of connections, connections terminated under a query, a
 * statement past its timeout, a pool with no free connection, and a query the server rejects.
 */

const EXAMPLE = join(import.meta.dirname, '../../../../docs/examples/small-chain.jsonl');

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What a call rejected with (fails the test if it answered). */
async function failureOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    (answer) => expect.fail(`expected a failure, got ${JSON.stringify(answer)}`),
    (error: unknown) => error,
  );
}

/** An admin session holding the `chains` table locked, so that a query reading it waits. */
async function lockChains(url: string): Promise<{ waiters(): Promise<number[]>; release(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('BEGIN');
  await admin.query('LOCK TABLE chains IN ACCESS EXCLUSIVE MODE');
  const database = new URL(url).pathname.slice(1);
  return {
    /** The backends of this database waiting for the lock, once there is one. */
    waiters: async () => {
      for (;;) {
        // Inside its transaction this session sees one snapshot of the activity unless told to drop it.
        await admin.query('SELECT pg_stat_clear_snapshot()');
        const { rows } = await admin.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
          [database],
        );
        if (rows.length > 0) return rows.map((row) => row.pid);
        await delay(20);
      }
    },
    release: async () => {
      await admin.query('ROLLBACK');
      await admin.end();
    },
  };
}

describe('asDatabaseFailure', () => {
  // The states a test cannot bring a shared server into (crashed, starting, a serialisation
  // conflict inside a port call) are classified by the same table as those provoked below.
  it.each(['08006', '08001', '57P01', '57P02', '57P03', '53300', '40001', '40P01', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'])('%s: a transient source failure', (code) => {
    const failure = asDatabaseFailure(Object.assign(new Error(`failure ${code}`), { code }));
    expect(failure).toBeInstanceOf(UpstreamError);
    expect(isSourceFailure(failure)).toBe(true);
  });

  it.each(['42P01', '42703', '22P02', '23505'])('%s: left as it is, not retried', (code) => {
    const error = Object.assign(new Error(`failure ${code}`), { code });
    expect(asDatabaseFailure(error)).toBe(error);
    expect(isSourceFailure(error)).toBe(false);
  });
});

describeWithDatabase('PostgreSQL failures at the adapter boundary', (serverUrl) => {
  let database: TestDatabase;
  let admin: pg.Client;
  beforeAll(async () => {
    database = await createTestDatabase(serverUrl, 'hotel_faults');
    const loader = createDatabase({ url: database.url, poolSize: 1 });
    await migrateToLatest(loader, [HOTEL_DATA_MIGRATION_SET]);
    await loadDataFile(loader, EXAMPLE);
    await loader.destroy();
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
  }, 60_000);
  afterAll(async () => {
    await admin?.end();
    await database?.drop();
  });

  /** Connectors over `url`, closed after `body`. */
  async function withConnectors(options: { url?: string; poolSize?: number; statementTimeoutMs?: number; connectTimeoutMs?: number }, body: (connectors: Connectors) => Promise<void>) {
    const connectors = await createConnectors({ kind: 'postgres', url: database.url, ...options });
    try {
      await body(connectors);
    } finally {
      await connectors.close?.();
    }
  }

  it('a server refusing connections: a transient UpstreamError', async () => {
    const url = new URL(database.url);
    url.port = String(await closedPort());
    await withConnectors({ url: url.toString() }, async ({ catalog }) => {
      const failure = await failureOf(catalog.listChains());
      expect(failure).toBeInstanceOf(UpstreamError);
      expect(failure).toMatchObject({ upstream: 'postgres', cause: { code: 'ECONNREFUSED' } });
      expect(isSourceFailure(failure)).toBe(true);
    });
  });

  it('a role out of connections (53300): a transient UpstreamError', async () => {
    const role = `hotel_faults_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD 'faults-pw' CONNECTION LIMIT 0`);
    try {
      const url = new URL(database.url);
      url.username = role;
      url.password = 'faults-pw';
      await withConnectors({ url: url.toString() }, async ({ catalog }) => {
        const failure = await failureOf(catalog.listChains());
        expect(failure).toBeInstanceOf(UpstreamError);
        expect(failure).toMatchObject({ cause: { code: '53300' } });
        expect(isSourceFailure(failure)).toBe(true);
      });
    } finally {
      await admin.query(`DROP ROLE ${role}`);
    }
  });

  it('connections terminated under a query (57P01): a transient UpstreamError, and the next call answers', async () => {
    await withConnectors({}, async ({ catalog }) => {
      const lock = await lockChains(database.url);
      try {
        const call = failureOf(catalog.listChains());
        await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [await lock.waiters()]);
        const failure = await call;
        expect(failure).toBeInstanceOf(UpstreamError);
        expect(isSourceFailure(failure)).toBe(true);
      } finally {
        await lock.release();
      }
      // The pool drops the terminated connection and opens a new one. Until the connection's close
      // reaches it (on a busy machine, a call later), it may hand that connection out once more:
      // that call fails as transiently as the first, which the resilience policy retries.
      await expect
        .poll(() => catalog.listChains().then((chains) => chains.map((chain) => chain.code), (error: unknown) => (isSourceFailure(error) ? 'transient' : error)), { timeout: 5_000 })
        .toEqual(['SEA']);
    });
  });

  it('a statement past statement_timeout (57014): an UpstreamTimeoutError', async () => {
    await withConnectors({ statementTimeoutMs: 200 }, async ({ catalog }) => {
      const lock = await lockChains(database.url);
      try {
        const failure = await failureOf(catalog.listChains());
        expect(failure).toBeInstanceOf(UpstreamTimeoutError);
        expect(failure).toMatchObject({ upstream: 'postgres', cause: { code: '57014' } });
        expect(isSourceFailure(failure)).toBe(true);
      } finally {
        await lock.release();
      }
    });
  });

  it('a pool with no free connection in time: a transient UpstreamError', async () => {
    await withConnectors({ poolSize: 1, connectTimeoutMs: 200 }, async ({ catalog }) => {
      const lock = await lockChains(database.url);
      let holding: Promise<unknown> | undefined;
      try {
        // The only connection waits on the lock...
        holding = catalog.listChains();
        await lock.waiters();
        // ...so the next call that needs one finds none (not getChain: it would share the chains' read under way).
        const failure = await failureOf(catalog.getProperty('SEA001'));
        expect(failure).toBeInstanceOf(UpstreamError);
        expect((failure as Error & { cause: Error }).cause.message).toMatch(/timeout exceeded when trying to connect/);
        expect(isSourceFailure(failure)).toBe(true);
      } finally {
        await lock.release();
      }
      // Once the lock is gone, the waiting call answers.
      expect(await holding).toEqual([expect.objectContaining({ code: 'SEA' })]);
    });
  });

  it('a query the server rejects (42P01, a schema this code does not know): not retried, not hidden', async () => {
    const empty = await createTestDatabase(serverUrl, 'hotel_faults_empty');
    try {
      await withConnectors({ url: empty.url }, async ({ catalog }) => {
        const failure = await failureOf(catalog.listChains());
        expect(failure).not.toBeInstanceOf(ConnectorError);
        expect(failure).toMatchObject({ code: '42P01' });
        expect(isSourceFailure(failure)).toBe(false);
      });
    } finally {
      await empty.drop();
    }
  });
});
