// The PostgreSQL key store, apart from the package's main entry so that users of the key file
// (the CLI without DATABASE_URL, tests) do not load pg and Kysely.
export { keyStoreMigrator, migrateKeyStore, openKeyDatabase } from './migrate.js';
export { KeyStoreError, PostgresKeyAdmin } from './postgres-key-admin.js';
export { PostgresKeyStore, type PostgresKeyStoreOptions } from './postgres-key-store.js';
export { KEYS_CHANGED_CHANNEL, type AuthDatabase } from './schema.js';
