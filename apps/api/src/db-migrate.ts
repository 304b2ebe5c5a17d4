/**
 * `npm run db:migrate` (from the sources) and `node apps/api/dist/db-migrate.js` (the image's
 * migration Job): brings the database in DATABASE_URL to the schema this build expects, for every
 * migration set the service has (the same list the start-up check reads). Each library owns its
 * tables and its own migration history. Safe to run twice, and from two processes at once.
 */
import { createDatabase, describeDatabaseUrl, explainDatabaseError, migrateToLatest } from '@hotelapi/connectors/postgres';
import { ConfigError, readSettings } from './config.js';
import { MIGRATION_SETS } from './migration-sets.js';

const url = databaseUrl();
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

/** DATABASE_URL as the service reads it (config/schema.ts); a command-line user gets one line, no stack trace. */
function databaseUrl(): string {
  try {
    const { DATABASE_URL } = readSettings(process.env, ['DATABASE_URL']);
    if (DATABASE_URL) return DATABASE_URL;
    console.error('DATABASE_URL is not set: export DATABASE_URL=postgres://user:password@host:5432/database');
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
  }
  process.exit(1);
}
