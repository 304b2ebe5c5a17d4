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
    log: { warn: (object, message) => console.warn(JSON.stringify({ level: 40, ...object, msg: message })), info: (message) => console.info(JSON.stringify({ level: 30, msg: message })) },
  });
}
