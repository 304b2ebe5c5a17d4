/**
 * DATABASE_READ_URL end to end: a real primary and its streaming standby (`pg_basebackup -R`),
 * the API as its own process. Reads are served by the standby; a push goes to the primary; reads
 * move to the primary when the standby stops or falls behind, and come back when it recovers, each
 * time with a log line and the metric. Without PostgreSQL's server binaries this is skipped,
 * visibly, or fails under CI=true.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createDatabase, loadDataFile, migrateToLatest } from '@hotelapi/connectors/postgres';
import pg from 'pg';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_SETS } from './migration-sets.js';
import { ApiProcess } from './test-support/api-process.js';
import { freePort, requireUnderCi } from './test-support/real-servers.js';
import { POSTGRES_BIN, ReplicatedPostgres } from './test-support/replicated-postgres.js';

const EXAMPLE = join(import.meta.dirname, '../../../docs/examples/small-chain.jsonl');
/** A stay not asked before: the API reuses recent answers, and each read here must reach the database. */
let stays = 0;
const availability = () => {
  const night = (day: number) => `2027-07-${String(day).padStart(2, '0')}`;
  stays += 1;
  return `/v1/availability/SEA001?checkIn=${night(stays)}&checkOut=${night(stays + 1)}&adults=2&currency=EUR`;
};
const AUTH = { authorization: 'Bearer sk_test_sandbox' };
const METRICS_TOKEN = 'replica-test-metrics-token';
const MAX_LAG_MS = 1_500;
/** Hotel-data statements (the routing's own checks read no table). */
const HOTEL_DATA_READ = `query ~ '(room_nights|property_nights|hotel_data_version)'`;

const insecure = new Agent({ connect: { rejectUnauthorized: false } });

async function call(port: number, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const response = await request(`https://127.0.0.1:${port}${path}`, { method: (init.method ?? 'GET') as 'GET', headers: init.headers, body: init.body, dispatcher: insecure });
  return { status: response.statusCode, text: await response.body.text() };
}

describe.skipIf(!requireUnderCi('PostgreSQL server binaries (initdb, pg_basebackup)', POSTGRES_BIN !== undefined))('DATABASE_READ_URL with a real standby', () => {
  let cluster: ReplicatedPostgres;
  let api: ApiProcess;
  let port: number;
  let primary: pg.Client;
  let standby: pg.Client | undefined;

  /** A metric's value as the API reports it (the first series whose line starts so). */
  async function metric(series: string): Promise<number | undefined> {
    const { text } = await call(port, '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const line = text.split('\n').find((row) => row.startsWith(series));
    return line === undefined ? undefined : Number(line.split(' ').at(-1));
  }
  const readsFromReplica = () => metric('database_reads_from_replica{');

  /** Waits until the metric says `expected`, and returns how long that took (printed, never asserted). */
  async function untilReadsFrom(expected: 0 | 1, what: string): Promise<number> {
    const started = performance.now();
    while ((await readsFromReplica()) !== expected) {
      if (performance.now() - started > 30_000) throw new Error(`reads did not move (${what}) within 30 s:\n${api.output}`);
      await delay(100);
    }
    const ms = Math.round(performance.now() - started);
    console.info(`read replica: ${what} in ${ms} ms`);
    return ms;
  }

  /** Hotel-data statements the API's connections on this server have run (idle ones show their last). */
  async function hotelDataReadsOn(client: pg.Client): Promise<number> {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = 'hotel' and pid <> pg_backend_pid() and ${HOTEL_DATA_READ}`,
    );
    return rows[0]?.n ?? 0;
  }

  async function connectStandby(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: cluster.standbyUrl('hotel') });
    await client.connect();
    return client;
  }

  beforeAll(async () => {
    cluster = await ReplicatedPostgres.start();
    primary = new pg.Client({ connectionString: cluster.primaryUrl() });
    await primary.connect();
    await primary.query('create database hotel');
    await primary.end();
    const loader = createDatabase({ url: cluster.primaryUrl('hotel'), poolSize: 1 });
    try {
      await migrateToLatest(loader, MIGRATION_SETS);
      await loadDataFile(loader, EXAMPLE);
    } finally {
      await loader.destroy();
    }
    primary = new pg.Client({ connectionString: cluster.primaryUrl('hotel') });
    await primary.connect();
    port = await freePort();
    api = await ApiProcess.start({
      PORT: String(port),
      CONNECTOR: 'postgres',
      DATABASE_URL: cluster.primaryUrl('hotel'),
      DATABASE_READ_URL: cluster.standbyUrl('hotel'),
      DATABASE_MAX_LAG_MS: String(MAX_LAG_MS),
      SANDBOX_KEYS: 'true',
      METRICS_TOKEN,
      TLS_DIR: mkdtempSync(join(tmpdir(), 'hotel-replica-tls-')),
      LOG_LEVEL: 'warn',
      // pg-boss's upkeep (the webhook queue) writes to the primary every half expiry; the idle
      // windows below need a primary that writes nothing for a few seconds.
      WEBHOOK_ATTEMPT_EXPIRY_S: '3600',
    });
  }, 120_000);

  afterAll(async () => {
    await api?.terminate();
    await standby?.end().catch(() => undefined);
    await primary?.end().catch(() => undefined);
    await cluster?.stop();
    await insecure.close();
  });

  it('serves reads from the standby, and a push from the primary', async () => {
    expect(api.output).toMatch(/reads start on the replica/);
    expect(await readsFromReplica()).toBe(1);
    standby = await connectStandby();
    const answer = await call(port, availability(), { headers: AUTH });
    expect(answer.status, answer.text).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ data: { hotelCode: 'SEA001' } });
    expect(await hotelDataReadsOn(standby)).toBeGreaterThan(0);
    expect(await hotelDataReadsOn(primary)).toBe(0);

    const push = await call(port, '/v1/data', {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/x-ndjson' },
      body: `${JSON.stringify({ type: 'ari', property: 'SEA001', room: 'DBL', date: '2027-06-12', priceFactor: 1, roomsLeft: 3, stopSell: [] })}\n`,
    });
    expect(push.status, push.text).toBe(200);
    const { rows } = await primary.query(`select rooms_left from room_nights where property_code = 'SEA001' and night = '2027-06-12'`);
    expect(rows).toEqual([{ rooms_left: 3 }]);
  }, 60_000);

  it('moves reads to the primary when the standby stops, and back when it returns', async () => {
    await standby?.end();
    standby = undefined;
    await cluster.stopStandby();
    await untilReadsFrom(0, 'to the primary after the standby stopped');
    // The routing's check may meet the standby while it shuts down (57P01, or 57P03 once it refuses new
    // connections), or once it has gone.
    expect(api.output).toMatch(/reads moved to the primary: the replica does not answer \((connection refused|the server is (starting up or )?shutting down)/);
    const answer = await call(port, availability(), { headers: AUTH });
    expect(answer.status, answer.text).toBe(200);
    expect(await hotelDataReadsOn(primary)).toBeGreaterThan(0);

    await cluster.startStandby();
    await untilReadsFrom(1, 'back to the standby after it started');
    expect(api.output).toMatch(/reads moved to the replica: the replica answers/);
    expect(await metric('database_read_switches_total{replica="postgres@127.0.0.1')).toBeGreaterThan(0);
    standby = await connectStandby();
    expect((await call(port, availability(), { headers: AUTH })).status).toBe(200);
    expect(await hotelDataReadsOn(standby)).toBeGreaterThan(0);
  }, 90_000);

  it('keeps reads on a standby that replays nothing while the primary is idle, and moves them once it falls behind', async () => {
    standby ??= await connectStandby();
    const paused = standby;
    const primaryPosition = async () => (await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]?.lsn;
    // A window in which the primary writes nothing while the standby replays nothing. The primary
    // may log a running-transactions record (for standbys) up to 15 s after its last write: a
    // window with one is tried again, once the standby has caught up.
    for (let attempt = 1; ; attempt++) {
      await paused.query('select pg_wal_replay_pause()');
      const before = await primaryPosition();
      await delay(3 * MAX_LAG_MS);
      const onReplica = await readsFromReplica();
      if ((await primaryPosition()) === before) {
        expect(onReplica).toBe(1);
        break;
      }
      if (attempt === 8) throw new Error('the primary kept writing WAL in every window');
      await paused.query('select pg_wal_replay_resume()');
      await untilReadsFrom(1, 'back to the standby before another idle window');
    }
    try {
      await primary.query(`update room_nights set rooms_left = 2 where property_code = 'SEA001' and night = '2027-06-10'`);
      await untilReadsFrom(0, `to the primary with replay paused (limit ${MAX_LAG_MS} ms)`);
      expect(api.output).toMatch(/reads moved to the primary: the replica lags \d+\.\d s \(limit 1\.5 s\)/);
    } finally {
      await paused.query('select pg_wal_replay_resume()');
    }
    await untilReadsFrom(1, 'back to the standby after replay resumed');
  }, 90_000);

  it('starts with a replica that does not answer, reads from the primary and says so', async () => {
    const otherPort = await freePort();
    const other = await ApiProcess.start({
      PORT: String(otherPort),
      CONNECTOR: 'postgres',
      DATABASE_URL: cluster.primaryUrl('hotel'),
      DATABASE_READ_URL: `postgres://postgres:secret@127.0.0.1:${await freePort()}/hotel`,
      SANDBOX_KEYS: 'true',
      TLS_DIR: mkdtempSync(join(tmpdir(), 'hotel-replica-tls-')),
      LOG_LEVEL: 'warn',
    });
    try {
      expect(other.output).toMatch(/reads start on the primary: the replica does not answer \(connection refused/);
      expect(other.output).not.toContain('secret');
      expect((await call(otherPort, availability(), { headers: AUTH })).status).toBe(200);
    } finally {
      await other.terminate();
    }
  }, 60_000);
});

describe('DATABASE_READ_URL at start-up', () => {
  it('a malformed one stops the start with one line naming it', async () => {
    const started = ApiProcess.start({ PORT: String(await freePort()), CONNECTOR: 'postgres', DATABASE_URL: 'postgres://h@127.0.0.1/h', DATABASE_READ_URL: 'mysql://replica/hotel' });
    await expect(started).rejects.toThrow(/DATABASE_READ_URL: must be a postgres:\/\/ URL/);
  }, 60_000);
});
