// In a module of its own so that an instance without PostgreSQL never loads Kysely, pg and pg-boss.
export { postgresWebhooks } from '@hotelapi/connectors/postgres';
