import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { HOTEL_DATA_MIGRATIONS } from './migrations/index.js';

/**
 * A named set of migrations with its own bookkeeping table. `npm run db:migrate` runs every set
 * the deployment has (hotel data here; API keys live in their own set), and the start-up check
 * asks each whether it is current.
 */
export interface MigrationSet {
  /** Shown in messages, e.g. "hotel data". */
  readonly name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema, as Kysely's own Migrator does
  migrator(db: Kysely<any>): Migrator;
}

export const HOTEL_DATA_MIGRATION_SET: MigrationSet = {
  name: 'hotel data',
  migrator: (db) =>
    new Migrator({
      db,
      provider: { getMigrations: async () => HOTEL_DATA_MIGRATIONS },
      migrationTableName: 'hotel_data_migrations',
      migrationLockTableName: 'hotel_data_migrations_lock',
    }),
};
