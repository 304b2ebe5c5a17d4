import { Kysely, PostgresDialect } from 'kysely';
import { Migrator, type MigrationResultSet } from 'kysely/migration';
import pg from 'pg';
import * as apiKeys from './migrations/0001-api-keys.js';
import * as keyScopes from './migrations/0002-key-scopes.js';
import type { AuthDatabase } from './schema.js';

/**
 * The key store's migrations, in order. Listed here rather than read from a folder so the built
 * library needs no file system layout; each one is still a plain versioned file.
 */
const MIGRATIONS = { '0001-api-keys': apiKeys, '0002-key-scopes': keyScopes };

/** The key tables have a migration history of their own, apart from the hotel data's. */
export function keyStoreMigrator<Database>(db: Kysely<Database>): Migrator {
  return new Migrator({
    db: db as Kysely<unknown>,
    provider: { getMigrations: async () => MIGRATIONS },
    migrationTableName: 'auth_kysely_migration',
    migrationLockTableName: 'auth_kysely_migration_lock',
  });
}

/** Brings the key tables to the latest version; throws the first failure. */
export async function migrateKeyStore<Database>(db: Kysely<Database>): Promise<MigrationResultSet> {
  const result = await keyStoreMigrator(db).migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}

/**
 * A Kysely over a small pg pool for the key tables. An idle connection that PostgreSQL closes (a
 * restart, a failover, `pg_terminate_backend`) is an error event of the pool; unheard, it would
 * be an uncaught exception and end the process. The pool has already dropped that connection and
 * opens a new one for the next query, so there is nothing to do but say so.
 */
export function openKeyDatabase(connectionString: string, poolSize = 2, onIdleConnectionLost: (error: Error) => void = () => undefined): Kysely<AuthDatabase> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  pool.on('error', onIdleConnectionLost);
  return new Kysely<AuthDatabase>({ dialect: new PostgresDialect({ pool }) });
}
