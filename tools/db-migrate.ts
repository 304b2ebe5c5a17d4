/**
 * `npm run db:migrate`: brings the database in DATABASE_URL to the schema this build expects, for
 * every migration set the service has. Safe to run twice, and from two processes at once.
 */
import { createDatabase, describeDatabaseUrl, explainDatabaseError, HOTEL_DATA_MIGRATION_SET, migrateToLatest, type MigrationSet } from '@hotelapi/connectors';
import { requireDatabaseUrl } from './database-url.js';

/** Every migration set, in the order they run. A library with tables of its own adds its set here. */
export const MIGRATION_SETS: readonly MigrationSet[] = [HOTEL_DATA_MIGRATION_SET];

const url = requireDatabaseUrl();
const db = createDatabase({ url, poolSize: 1, statementTimeoutMs: 0 });
try {
  for (const { set, applied } of await migrateToLatest(db, MIGRATION_SETS)) {
    console.log(applied.length === 0 ? `${set}: up to date` : `${set}: applied ${applied.join(', ')}`);
  }
} catch (error) {
  const reason = error instanceof Error && error.message.includes('migration') ? error.message : explainDatabaseError(error);
  console.error(`db:migrate failed on ${describeDatabaseUrl(url)}: ${reason}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
