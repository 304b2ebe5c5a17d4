import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The throw-away PostgreSQL server tests use (`.ci/services.sh`): a superuser URL, or nothing. */
export const TEST_DATABASE_URL = process.env['TEST_DATABASE_URL'];

/** Under CI a missing server fails the test; elsewhere it is skipped, visibly. */
export function postgresAvailable(): boolean {
  if (TEST_DATABASE_URL) return true;
  if (process.env['CI'] === 'true') throw new Error('TEST_DATABASE_URL is required under CI=true');
  console.warn('SKIPPED: PostgreSQL tests need TEST_DATABASE_URL (source .ci/services.sh)');
  return false;
}

/** A database of its own for one test file, dropped afterwards; never the server's `postgres`. */
export async function createTestDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(String(TEST_DATABASE_URL));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
