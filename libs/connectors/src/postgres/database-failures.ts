import { UpstreamError, UpstreamTimeoutError } from '../errors.js';
import { interceptPorts } from '../intercept-ports.js';
import type { Connectors } from '../ports/index.js';
import { explainDatabaseError } from './database-check.js';

/** How the resilience policy, logs and metrics name this source. */
const UPSTREAM = 'postgres';

/** Socket errors: the server could not be reached, or the connection to it broke. */
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * SQLSTATEs that mean "not now" rather than "not like that": the server is shutting down, crashed
 * or still starting (57P01, 57P02, 57P03), has no connection left (53300), or chose this
 * transaction as the loser of a conflict (40001, 40P01). Class 08 (connection exceptions) too.
 */
const TRANSIENT_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '40001', '40P01']);

/** The statement ran past `statement_timeout` (or was cancelled): the database was too slow. */
const QUERY_CANCELED = '57014';

/**
 * pg and pg-pool report some connection failures with words only: the pool found no free
 * connection in time, a connection closed under a query, a client broken earlier was reused.
 */
const CONNECTION_FAILURE_WORDS = /timeout exceeded when trying to connect|Connection terminated|is not queryable/;

/**
 * A node-postgres (or Kysely) failure as the connector error the resilience policy understands:
 * the database away, refusing, full or conflicting is an `UpstreamError` (retried, covered by a
 * kept answer), a statement cancelled for taking too long an `UpstreamTimeoutError`. Anything
 * else (a query the server rejects as wrong, 42xxx; a bug of ours) is returned unchanged: not
 * retried, and answered as the bug it is.
 */
export function asDatabaseFailure(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { code } = error as { code?: unknown };
  const explained = `PostgreSQL did not serve the call: ${explainDatabaseError(error)}`;
  if (code === QUERY_CANCELED) return new UpstreamTimeoutError(UPSTREAM, `PostgreSQL cancelled a statement: ${error.message}`, { cause: error });
  if (typeof code === 'string' && (CONNECTION_ERRORS.has(code) || TRANSIENT_SQLSTATES.has(code) || code.startsWith('08'))) {
    return new UpstreamError(UPSTREAM, explained, { cause: error });
  }
  if (code === undefined && CONNECTION_FAILURE_WORDS.test(error.message)) return new UpstreamError(UPSTREAM, explained, { cause: error });
  return error;
}

/**
 * The same connectors, with every port call's database failure classified by `asDatabaseFailure`:
 * one place at the adapter's boundary, so no query needs a try/catch of its own.
 */
export function classifyDatabaseFailures(connectors: Connectors): Connectors {
  return interceptPorts(connectors, async (call) => {
    try {
      return await call.invoke();
    } catch (error) {
      throw asDatabaseFailure(error);
    }
  });
}
