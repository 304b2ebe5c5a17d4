import { createDatabase, migrateToLatest } from '@hotelapi/connectors/postgres';
import { createTestDatabase, type TestDatabase } from '@hotelapi/connectors/testing';
import { MIGRATION_SETS } from '../migration-sets.js';

/** A throw-away database on `serverUrl`, brought current by the migrations the service runs. */
export async function createMigratedDatabase(serverUrl: string, name: string): Promise<TestDatabase> {
  const database = await createTestDatabase(serverUrl, name);
  const db = createDatabase({ url: database.url, poolSize: 1 });
  try {
    await migrateToLatest(db, MIGRATION_SETS);
  } finally {
    await db.destroy();
  }
  return database;
}
