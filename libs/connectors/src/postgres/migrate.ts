import { sql, type Kysely } from 'kysely';
import type { Database } from './database.js';
import type { MigrationSet } from './migrator.js';

/** Key of the session advisory lock every `db:migrate` takes: one migrating process at a time. */
const MIGRATION_LOCK_KEY = 4_711_2026;

export interface MigrationOutcome {
  readonly set: string;
  /** Names of the migrations this run applied (none when the schema was current). */
  readonly applied: readonly string[];
}

/**
 * Brings every migration set to its latest version, in order. Each set's pending migrations run
 * in one transaction (Kysely's migrator), so a failure leaves that set as it was. The whole run
 * holds a PostgreSQL advisory lock on its connection, so two processes started at once migrate
 * one after the other, and the second finds nothing to do.
 */
export async function migrateToLatest(db: Kysely<Database>, sets: readonly MigrationSet[]): Promise<MigrationOutcome[]> {
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(connection);
    try {
      const outcomes: MigrationOutcome[] = [];
      for (const set of sets) {
        const { error, results = [] } = await set.migrator(connection).migrateToLatest();
        if (error) {
          const failed = results.find((result) => result.status === 'Error')?.migrationName;
          throw new Error(`${set.name}: migration ${failed ?? '(setup)'} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        }
        outcomes.push({ set: set.name, applied: results.map((result) => result.migrationName) });
      }
      return outcomes;
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(connection);
    }
  });
}
