export { createDatabase, type DatabaseOptions } from './connect.js';
export { checkDatabase, DatabaseUnavailableError, describeDatabaseUrl, explainDatabaseError } from './database-check.js';
export type { Database } from './database.js';
export { DataFileError } from './loader/data-file-error.js';
export { dataFilesAt, loadDataFile, type LoadedFile, type LoadProgress } from './loader/load-data.js';
export { migrateToLatest, type MigrationOutcome } from './migrate.js';
export { HOTEL_DATA_MIGRATION_SET, type MigrationSet } from './migrator.js';
export { classifyDatabaseFailures } from './database-failures.js';
export { createPostgresConnectors, type PostgresConnectorOptions } from './postgres-connectors.js';
