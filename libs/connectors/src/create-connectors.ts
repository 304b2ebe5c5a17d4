import { ConnectorError } from './errors.js';
import type { Connectors } from './ports/index.js';
import type { DatabaseOptions } from './postgres/connect.js';
import type { PostgresConnectorOptions } from './postgres/postgres-connectors.js';
import type { ReadReplicaOptions } from './postgres/replica/read-routing.js';
import { createSandboxConnectors, type SandboxOptions } from './sandbox/index.js';

/** The embedded sandbox: generated data, no network. */
export interface SandboxConnectorConfig extends Pick<SandboxOptions, 'now' | 'idempotencyRetentionMs'> {
  readonly kind: 'sandbox';
}

/** Hotel data in PostgreSQL, filled by the loader (`npm run data:load`). */
export interface PostgresConnectorConfig extends DatabaseOptions, Pick<PostgresConnectorOptions, 'dataVersionMaxAgeMs' | 'idempotencyRetentionMs'> {
  readonly kind: 'postgres';
  /** The clock "today", lead times and the latest channel collection are measured from (tests pin it). */
  readonly now?: () => Date;
  /** A streaming replica for reads (DATABASE_READ_URL); writes and fresh reads stay on `url`. */
  readonly readReplica?: Pick<ReadReplicaOptions, 'url' | 'maxLagMs' | 'checkEveryMs' | 'switchLog'>;
}

/** Which data source serves the API. HTTP adapters add their own `kind` to this union. */
export type ConnectorConfig = SandboxConnectorConfig | PostgresConnectorConfig;
export type ConnectorKind = ConnectorConfig['kind'];

/** One factory per kind: adding an adapter is one entry here, and the compiler insists on it. */
const FACTORIES: { readonly [K in ConnectorKind]: (config: Extract<ConnectorConfig, { kind: K }>) => Promise<Connectors> } = {
  sandbox: async ({ now, idempotencyRetentionMs }) => createSandboxConnectors({ now, idempotencyRetentionMs }),
  postgres: async ({ now, dataVersionMaxAgeMs, idempotencyRetentionMs, readReplica, ...database }) => {
    // Kysely and pg load only in an instance that reads PostgreSQL: the sandbox has no use for them.
    const { classifyDatabaseFailures, createPool, databaseOver, createPostgresConnectors, openReadRouting } = await import('./postgres/index.js');
    const pool = createPool(database);
    const routing = readReplica && (await openReadRouting({ pool, url: database.url }, { ...database, ...readReplica }));
    const connectors = createPostgresConnectors({
      db: databaseOver(pool, database.log),
      readDb: routing?.reads,
      readServer: routing && (() => routing.figures().target),
      now,
      dataVersionMaxAgeMs,
      idempotencyRetentionMs,
      listenUrl: database.url,
    });
    const close = async () => {
      await routing?.close();
      await connectors.close?.();
    };
    // The database's failures become connector errors here, at the adapter's boundary, once.
    return classifyDatabaseFailures({ ...connectors, close });
  },
};

/** The connectors the configuration names. Rejects with a ConnectorError for an unknown kind (a typo in a config file). */
export async function createConnectors(config: ConnectorConfig): Promise<Connectors> {
  const factory = FACTORIES[config.kind] as ((config: ConnectorConfig) => Promise<Connectors>) | undefined;
  if (!factory) throw new ConnectorError('unknown_connector_kind', `No connector of kind "${String(config.kind)}"`);
  return factory(config);
}
