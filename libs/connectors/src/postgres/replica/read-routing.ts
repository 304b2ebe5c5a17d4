import { setTimeout as delay } from 'node:timers/promises';
import type { Kysely, PostgresPool } from 'kysely';
import pg from 'pg';
import { createPool, databaseOver, type DatabaseOptions } from '../connect.js';
import { describeDatabaseUrl, explainDatabaseError } from '../database-check.js';
import type { Database } from '../database.js';
import { declareReadRouting, type ReadRoutingFigures, type ReadTarget } from './read-routing-figures.js';
import { lsnOf, ReplicaLagClock } from './replica-lag.js';

/** A streaming replica to read from (DATABASE_READ_URL), with the primary's pool settings. */
export interface ReadReplicaOptions extends DatabaseOptions {
  /** Most lag accepted (DATABASE_MAX_LAG_MS): beyond it reads go to the primary. */
  readonly maxLagMs: number;
  /** How often the replica's health and lag are checked, in milliseconds (default 1,000). */
  readonly checkEveryMs?: number;
  /** Where a switch is said (one line each); nothing is said without it. */
  readonly switchLog?: ReadRoutingLog;
}

/** A pino-shaped logger: fields first, then the message. */
export interface ReadRoutingLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface ReadRouting {
  /** Reads, on the replica while it is up and current enough, else on the primary. */
  readonly reads: Kysely<Database>;
  figures(): ReadRoutingFigures;
  /** Stops the checks and closes the replica's connections (the primary's pool is the caller's). */
  close(): Promise<void>;
}

/** How long one check may take before the server it asked is counted as down. */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * Reads on a replica, the primary as the fallback. Checked once before this resolves (an
 * unreachable replica leaves reads on the primary, and says so), then every `checkEveryMs`: reads
 * move to the primary when the replica does not answer or lags more than `maxLagMs`, and back
 * once it answers within half of that (so a lag near the limit does not flap). Each query takes a
 * connection from the side chosen when it starts.
 */
export async function openReadRouting(primary: { readonly pool: pg.Pool; readonly url: string }, options: ReadReplicaOptions): Promise<ReadRouting> {
  const { maxLagMs, checkEveryMs = 1_000, switchLog: log } = options;
  const replicaPool = createPool(options);
  // Checks have their own connections: a busy pool must not look like a dead server.
  const probeOptions = { poolSize: 1, statementTimeoutMs: CHECK_TIMEOUT_MS, connectTimeoutMs: CHECK_TIMEOUT_MS };
  const primaryProbe = createPool({ ...probeOptions, url: primary.url });
  const replicaProbe = createPool({ ...probeOptions, url: options.url });
  const clock = new ReplicaLagClock(Math.max(2 * maxLagMs, 10_000));
  const replica = describeDatabaseUrl(options.url);

  let target: ReadTarget = 'primary';
  let lagSeconds: number | undefined;
  const switches: Record<ReadTarget, number> = { replica: 0, primary: 0 };
  const figures = (): ReadRoutingFigures => ({ replica, target, switches: { ...switches }, lagSeconds });

  /** Where reads should go now, and why. */
  async function check(): Promise<{ target: ReadTarget; why: string; lagMs?: number }> {
    try {
      const { rows } = await within(primaryProbe.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'));
      if (rows[0]) clock.primaryAt(Date.now(), lsnOf(rows[0].lsn));
    } catch {
      // The primary does not answer: its last known position stands, and reads stay where they are useful.
    }
    let standby: { in_recovery: boolean; replayed: string | null } | undefined;
    try {
      ({ rows: [standby] } = await within(
        replicaProbe.query<{ in_recovery: boolean; replayed: string | null }>(
          'select pg_is_in_recovery() as in_recovery, pg_last_wal_replay_lsn()::text as replayed',
        ),
      ));
    } catch (error) {
      lagSeconds = undefined;
      return { target: 'primary', why: `the replica does not answer (${explainDatabaseError(error)})` };
    }
    // A server out of recovery (a promoted replica, or the primary itself) is as current as it gets.
    const lagMs = standby?.in_recovery && standby.replayed ? clock.lagMs(Date.now(), lsnOf(standby.replayed)) : 0;
    lagSeconds = lagMs / 1000;
    const limit = target === 'replica' ? maxLagMs : maxLagMs / 2;
    if (lagMs > limit) return { target: 'primary', why: `the replica lags ${seconds(lagMs)} (limit ${seconds(maxLagMs)})`, lagMs };
    return { target: 'replica', why: `the replica answers, ${seconds(lagMs)} behind (limit ${seconds(maxLagMs)})`, lagMs };
  }

  function route(next: { target: ReadTarget; why: string; lagMs?: number }, starting: boolean): void {
    if (!starting && next.target === target) return;
    target = next.target;
    if (!starting) switches[next.target] += 1;
    const fields = { replica, readsFrom: next.target, ...(next.lagMs !== undefined && { lagMs: Math.round(next.lagMs) }), maxLagMs };
    const message = `${starting ? 'reads start on' : 'reads moved to'} the ${next.target}: ${next.why}`;
    if (next.target === 'primary') log?.warn(fields, message);
    else log?.info(fields, message);
  }

  route(await check(), true);
  const stop = new AbortController();
  const checking = (async () => {
    while (!stop.signal.aborted) {
      await delay(checkEveryMs, undefined, { ref: false, signal: stop.signal }).catch(() => undefined);
      // A check that fails for any other reason leaves reads where they are until the next one.
      if (!stop.signal.aborted) route(await check().catch(() => ({ target, why: '' })), false);
    }
  })();

  const routing: ReadRouting = {
    reads: databaseOver(routingPool(() => (target === 'replica' ? replicaPool : primary.pool)), options.log),
    figures,
    close: async () => {
      stop.abort();
      forget();
      await checking;
      await Promise.all([replicaPool.end(), primaryProbe.end(), replicaProbe.end()]);
    },
  };
  // Held by whoever holds the routing: the metrics see it while it is open.
  const forget = declareReadRouting(routing);
  return routing;
}

/** A pool for Kysely that lends connections of whichever pool `current` names at the time. */
function routingPool(current: () => pg.Pool): PostgresPool {
  return {
    Client: pg.Client,
    get options() {
      return current().options;
    },
    connect: () => current().connect(),
    // The pools behind it are closed by their owners.
    end: async () => undefined,
  };
}

/** A check that hangs (a server stopped with SIGSTOP, a dropped network) fails after CHECK_TIMEOUT_MS. */
async function within<T>(query: Promise<T>): Promise<T> {
  const timeout = new AbortController();
  try {
    return await Promise.race([
      query,
      delay(CHECK_TIMEOUT_MS, undefined, { signal: timeout.signal, ref: false }).then(() => {
        throw Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' });
      }),
    ]);
  } finally {
    timeout.abort();
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
