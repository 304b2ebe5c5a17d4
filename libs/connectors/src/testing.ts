/**
 * Test support for tests that need a real PostgreSQL (never a mock): a throw-away database per
 * test file on the server in TEST_DATABASE_URL. Without that variable the tests are skipped with
 * a visible message, except under CI=true, where that is a failure.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, it } from 'vitest';

export const TEST_DATABASE_URL = process.env['TEST_DATABASE_URL'];

/** `describe`, when a test server is configured; otherwise a visible skip (or, under CI, a failing test). */
export function describeWithDatabase(name: string, body: (serverUrl: string) => void): void {
  if (TEST_DATABASE_URL) {
    describe(name, () => body(TEST_DATABASE_URL));
    return;
  }
  if (process.env['CI'] === 'true') {
    describe(name, () => {
      it('needs PostgreSQL: TEST_DATABASE_URL is not set (source .ci/services.sh)', () => {
        throw new Error('TEST_DATABASE_URL is not set, and CI=true: tests against PostgreSQL may not be skipped');
      });
    });
    return;
  }
  console.warn(`[skipped] ${name}: needs PostgreSQL; set TEST_DATABASE_URL (for example: source .ci/services.sh)`);
  describe.skip(name, () => body(''));
}

export interface TestDatabase {
  /** URL of the new, empty database. */
  readonly url: string;
  drop(): Promise<void>;
}

/** A new database with a unique name on the test server; `drop()` removes it, connections and all. */
export async function createTestDatabase(serverUrl: string, prefix = 'hotel_test'): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
