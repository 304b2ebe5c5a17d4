import type { KeyStore } from '@hotelapi/auth';
import { PostgresKeyStore } from '@hotelapi/auth/postgres';
import { checkDatabase, createDatabase, HOTEL_DATA_MIGRATION_SET } from '@hotelapi/connectors/postgres';
import type { ApiConfig } from './config.js';
import { MIGRATION_SETS } from './migration-sets.js';

// What `serve.ts` does with PostgreSQL at start, in a module of its own so that an instance
// without DATABASE_URL never loads Kysely and pg.

/**
 * Keys (whenever DATABASE_URL is set) and hotel data (CONNECTOR=postgres) live in PostgreSQL: it
 * must answer, with the schema this build expects for what this instance reads there. Else
 * `DatabaseUnavailableError`, one line for the operator.
 */
export async function checkPostgres(url: string, connector: ApiConfig['CONNECTOR']): Promise<void> {
  const sets = MIGRATION_SETS.filter((set) => set !== HOTEL_DATA_MIGRATION_SET || connector === 'postgres');
  const db = createDatabase({ url, poolSize: 1 });
  try {
    await checkDatabase(db, url, sets);
  } finally {
    await db.destroy();
  }
}

/** The API keys in PostgreSQL (DATABASE_URL set), kept current as they are issued and revoked. */
export function openPostgresKeyStore(connectionString: string, sandbox: boolean): Promise<KeyStore> {
  return PostgresKeyStore.open({
    connectionString,
    sandbox,
    log: { warn: databaseLog.warn, info: (message) => databaseLog.info({}, message) },
  });
}

/** What the PostgreSQL stores say before (and outside) the app's logger: JSON lines at pino's levels. */
export const databaseLog = {
  info: (fields: object, message: string) => console.info(JSON.stringify({ level: 30, ...fields, msg: message })),
  warn: (fields: object, message: string) => console.warn(JSON.stringify({ level: 40, ...fields, msg: message })),
};
