import { keyStoreMigrator } from '@hotelapi/auth/postgres';
import { HOTEL_DATA_MIGRATION_SET, type MigrationSet } from '@hotelapi/connectors/postgres';

/** The API keys' tables: a migration history of their own, apart from the hotel data's. */
const API_KEY_MIGRATION_SET: MigrationSet = { name: 'API keys', migrator: keyStoreMigrator };

/**
 * Every migration set the service's PostgreSQL schema is made of, in the order `npm run db:migrate`
 * runs them; the start-up check requires each to be current.
 */
export const MIGRATION_SETS: readonly MigrationSet[] = [HOTEL_DATA_MIGRATION_SET, API_KEY_MIGRATION_SET];
