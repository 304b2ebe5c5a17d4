import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeWithDatabase, type TestDatabase } from '../testing.js';
import { createDatabase } from './connect.js';
import { checkDatabase } from './database-check.js';
import { DatabaseUnavailableError } from './database-unavailable.js';
import { migrateToLatest } from './migrate.js';
import { HOTEL_DATA_MIGRATIONS } from './migrations/index.js';
import { HOTEL_DATA_MIGRATION_SET } from './migrator.js';

const SETS = [HOTEL_DATA_MIGRATION_SET];
const PENDING = Object.keys(HOTEL_DATA_MIGRATIONS).length;

describeWithDatabase('db:migrate', (serverUrl) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(serverUrl, 'hotel_migrate');
  });
  afterAll(() => database?.drop());

  it('finds an empty database behind, brings it current from two processes at once, and a second run changes nothing', async () => {
    const first = createDatabase({ url: database.url, poolSize: 1 });
    const second = createDatabase({ url: database.url, poolSize: 1 });
    try {
      await expect(checkDatabase(first, database.url, SETS)).rejects.toThrow(new RegExp(`hotel data schema .* is behind this build \\(${PENDING} migrations pending\\): run \`npm run db:migrate\``));
      const [a, b] = await Promise.all([migrateToLatest(first, SETS), migrateToLatest(second, SETS)]);
      // One process applied the migrations, the other waited for the lock and found nothing to do.
      expect([...a[0].applied, ...b[0].applied]).toEqual(Object.keys(HOTEL_DATA_MIGRATIONS));
      expect(await migrateToLatest(first, SETS)).toEqual([{ set: 'hotel data', applied: [] }]);
      await expect(checkDatabase(first, database.url, SETS)).resolves.toBeUndefined();
      const tables = await sql<{ count: number }>`select count(*)::int as count from information_schema.tables where table_schema = 'public'`.execute(first);
      expect(tables.rows[0].count).toBeGreaterThan(15);
    } finally {
      await first.destroy();
      await second.destroy();
    }
  });

  it('says in one line, without the password, why a database cannot be used', async () => {
    const wrongPassword = new URL(database.url);
    wrongPassword.password = 'not-the-password';
    const db = createDatabase({ url: wrongPassword.toString(), poolSize: 1 });
    try {
      const failure = await checkDatabase(db, wrongPassword.toString(), SETS).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DatabaseUnavailableError);
      expect((failure as Error).message).toMatch(/^Cannot use PostgreSQL at postgres@127\.0\.0\.1:\d+\/hotel_migrate_\w+: authentication failed/);
      expect((failure as Error).message).not.toContain('not-the-password');
      expect((failure as Error).message).not.toContain('\n');
    } finally {
      await db.destroy();
    }
  });
});
