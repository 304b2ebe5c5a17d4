/**
 * `npm run db:migrate` (from the sources) and `node apps/api/dist/db-migrate.js` (the image's
 * migration Job): brings every PostgreSQL schema of the service to its latest version, in
 * the database DATABASE_URL names. Each library owns its tables and its own Kysely migration
 * history; this runs them one after the other. Safe to run again, and from several places at
 * once (Kysely's migrator takes a lock).
 */
import { migrateKeyStore, openKeyDatabase } from '@hotelapi/auth/postgres';

const MIGRATIONS = [{ what: 'API keys', migrate: migrateKeyStore }] as const;

async function main(): Promise<number> {
  const databaseUrl = process.env['DATABASE_URL'];
  if (!databaseUrl) {
    process.stderr.write('db:migrate needs DATABASE_URL (postgres://user:password@host:5432/database)\n');
    return 2;
  }
  const db = openKeyDatabase(databaseUrl, 1);
  try {
    for (const { what, migrate } of MIGRATIONS) {
      const { results = [] } = await migrate(db);
      const applied = results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
      console.log(`${what}: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`);
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main().catch((error: unknown) => {
  process.stderr.write(`Migration failed: ${(error as Error).message}\n`);
  return 1;
});
