import { Kysely, PostgresDialect, type KyselyConfig, type PostgresPool } from 'kysely';
import pg from 'pg';
import type { Database } from './database.js';

export interface DatabaseOptions {
  /** A standard `postgres://user:password@host:port/database` URL. */
  readonly url: string;
  /** Most connections the pool opens. */
  readonly poolSize?: number;
  /** Longest a statement may run before PostgreSQL cancels it, in milliseconds. */
  readonly statementTimeoutMs?: number;
  /** Longest to wait for a connection (from the server or the pool), in milliseconds. */
  readonly connectTimeoutMs?: number;
  /** Told of every statement sent (Kysely's `log`); tests count statements with it. */
  readonly log?: KyselyConfig['log'];
}

/** PostgreSQL `date` (OID 1082) stays `yyyy-MM-dd` text: a calendar date has no time zone to shift it. */
const DATE_OID = 1082;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === DATE_OID ? (value: string) => value : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * A Kysely instance over a pool of `pg` connections. Every query goes through Kysely, so values
 * are always bound parameters. An idle connection the server drops (a restart, a failover) is
 * discarded by the pool and replaced on next use, so the service recovers by itself.
 */
export function createDatabase(options: DatabaseOptions): Kysely<Database> {
  return databaseOver(createPool(options), options.log);
}

/** Kysely over any pool: one of `createPool`'s, or one that picks among them (replica/read-routing.ts). */
export function databaseOver(pool: PostgresPool, log?: KyselyConfig['log']): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) });
}

/** The `pg` pool `createDatabase` reads through, with the statement timeout, date parsing and error listeners. */
export function createPool({ url, poolSize = 10, statementTimeoutMs = 5_000, connectTimeoutMs = 5_000 }: DatabaseOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    statement_timeout: statementTimeoutMs,
    connectionTimeoutMillis: connectTimeoutMs,
    types,
  });
  // Without a listener an idle client's error (server restarted) would crash the process.
  pool.on('error', () => {
    // The pool has already dropped the broken client; the next query opens a new connection.
  });
  // The pool listens only to idle clients: a connection the server ends under a query (a
  // restart, pg_terminate_backend) also emits 'error' on its checked-out client, which would
  // crash the process. The query has the error already, and the pool drops the broken client
  // when it comes back.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}
