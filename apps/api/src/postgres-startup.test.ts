import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createConnectors, type Connectors } from '@hotelapi/connectors';
import { createDatabase, HOTEL_DATA_MIGRATION_SET, migrateToLatest } from '@hotelapi/connectors/postgres';
import { createTestDatabase, describeWithDatabase, type TestDatabase } from '@hotelapi/connectors/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from './test-support/real-servers.js';
import { startApi, TEST_NOW, type RunningApi } from './test-support/start-api.js';

const tsxLoader = createRequire(import.meta.url).resolve('tsx');
const mainModule = join(import.meta.dirname, 'main.ts');

/** Runs the real entry point until it exits; its exit status and what it wrote to stderr. */
function runMainToExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--conditions=@hotelapi/source', '--import', tsxLoader, mainModule], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', TLS_DIR: mkdtempSync(join(tmpdir(), 'hotel-api-tls-')), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

describeWithDatabase('CONNECTOR=postgres at start-up and while running', (serverUrl) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(serverUrl, 'hotel_startup');
  });
  afterAll(() => database?.drop());

  it.each([
    ['an unreachable server', async () => `postgres://hotel:s3cret-pw@127.0.0.1:${await freePort()}/hotel`, /connection refused/],
    [
      'a wrong password',
      async () => {
        const url = new URL(database.url);
        url.password = 's3cret-pw';
        return url.toString();
      },
      /authentication failed/,
    ],
    ['a schema behind the code', async () => database.url, /behind this build .*run `npm run db:migrate`/],
  ])('%s: one line on stderr, no password, exit status 1', async (_case, urlOf, why) => {
    const { code, stderr } = await runMainToExit({ CONNECTOR: 'postgres', DATABASE_URL: await urlOf() });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(why);
    expect(stderr).not.toContain('s3cret-pw');
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('answers /readyz 503 while the database is away, and recovers by itself', async () => {
    const migrating = createDatabase({ url: database.url, poolSize: 1 });
    await migrateToLatest(migrating, [HOTEL_DATA_MIGRATION_SET]);
    await migrating.destroy();
    const connectors: Connectors = await createConnectors({ kind: 'postgres', url: database.url, now: () => TEST_NOW, connectTimeoutMs: 2_000 });
    let api: RunningApi | undefined;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      api = await startApi({ env: { CONNECTOR: 'postgres', DATABASE_URL: database.url }, connectors });
      expect((await api.get('/readyz')).status).toBe(200);
      const name = new URL(database.url).pathname.slice(1);
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      const away = await api.get('/readyz');
      expect(away.status).toBe(503);
      expect(away.body).toMatchObject({ status: 'data_store_unavailable' });
      expect((await api.get('/healthz')).status).toBe(200);
      await admin.query(`CREATE DATABASE ${name}`);
      expect((await api.get('/readyz')).status).toBe(200);
    } finally {
      await admin.end();
      await api?.close();
      await connectors.close?.();
    }
  }, 60_000);
});
