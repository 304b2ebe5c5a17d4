import { Kysely, PostgresDialect } from 'kysely';
import { Migrator, type MigrationResultSet } from 'kysely/migration';
import pg from 'pg';
import * as apiKeys from './migrations/0001-api-keys.js';
import type { AuthDatabase } from './schema.js';

/**
 * The key store's migrations, in order. Listed here rather than read from a folder so the built
 * library needs no file system layout; each one is still a plain versioned file.
 */
const MIGRATIONS = { '0001-api-keys': apiKeys };

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

/** A Kysely over a small pg pool for the key tables. */
export function openKeyDatabase(connectionString: string, poolSize = 2): Kysely<AuthDatabase> {
  return new Kysely<AuthDatabase>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString, max: poolSize }) }),
  });
}
