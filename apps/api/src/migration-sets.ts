import { HOTEL_DATA_MIGRATION_SET, type MigrationSet } from '@hotelapi/connectors';

/**
 * Every migration set the service's PostgreSQL schema is made of, in the order `npm run db:migrate`
 * runs them; the start-up check requires each to be current. A library with tables of its own
 * (API keys, for one) adds its set here.
 */
export const MIGRATION_SETS: readonly MigrationSet[] = [HOTEL_DATA_MIGRATION_SET];
