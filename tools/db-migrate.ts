/**
 * `npm run db:migrate`: brings the database in DATABASE_URL to the schema this build expects, for
 * every migration set the service has (the same list the start-up check reads). Safe to run
 * twice, and from two processes at once.
 */
import { MIGRATION_SETS } from '@hotelapi/api/migration-sets';
import { createDatabase, describeDatabaseUrl, explainDatabaseError, migrateToLatest } from '@hotelapi/connectors';
import { requireDatabaseUrl } from './database-url.js';

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
