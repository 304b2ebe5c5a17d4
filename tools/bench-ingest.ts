/**
 * Pushes through `POST /v1/data` into real PostgreSQL, against the built service:
 *
 *   npm run bench:ingest      (needs TEST_DATABASE_URL or DATABASE_URL: a superuser URL)
 *
 * It creates a throw-away database, loads MEGA's catalog (500 properties) and a month of its ARI,
 * starts the built service with CONNECTOR=postgres and measures, each over BENCH_ROUNDS rounds
 * (default 3, the spread is printed): (a) ARI records a second in 1,000-record pushes from 4
 * clients, each on its own properties, a push a run of rooms over four weeks of nights (and,
 * beside it, the same records scattered over all the client's properties); (b) a 100-record push's
 * p99 while reads run (and, beside it, with nothing else sent: what a push costs by itself);
 * (c) reads' p99 while ingesting at full speed against their p99 idle. The reads are the
 * distinct shopper's (a stay never asked before, so no kept answer serves it), sent from a thread
 * of their own (bench/reader-thread.ts). Targets: (a) >= 50,000 records/s,
 * (b) <= 50 ms, (c) <= 2x. With (a) it prints the CPU time a 1,000 records cost the service and
 * PostgreSQL's backends (and how much of the service's is its main thread's, whose event loop
 * serves the reads): on a shared machine, the figures to compare two versions by.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATION_SETS } from '@hotelapi/api/migration-sets';
import { exportSandbox } from '@hotelapi/connectors';
import { createDatabase, dataFilesAt, loadDataFile, migrateToLatest } from '@hotelapi/connectors/postgres';
import { createTestDatabase } from '@hotelapi/connectors/testing';
import { Agent, request } from 'undici';
import { benchTls, BUILT_API, startServer } from './bench/processes.js';
import { ReaderThread } from './bench/reader-thread.js';

const serverUrl = process.env['TEST_DATABASE_URL'] ?? process.env['DATABASE_URL'];
if (!serverUrl) {
  console.error('bench:ingest needs TEST_DATABASE_URL (or DATABASE_URL): a PostgreSQL superuser URL; `source .ci/services.sh` starts one. Nothing was measured.');
  process.exit(1);
}

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const CLIENTS = 4;
const RECORDS_PER_PUSH = 1_000;
/** Consecutive nights of one room in a push (four weeks): a channel manager's update of a property. */
const NIGHTS_A_ROOM = 28;
/** Pushes each client sends per throughput round. */
const PUSHES_PER_CLIENT = Number(process.env['BENCH_PUSHES'] ?? 25);
const SMALL_PUSHES = Number(process.env['BENCH_SMALL_PUSHES'] ?? 200);
const READERS = 2;
/** Distinct reads prepared for the whole run: a round takes a few thousand. */
const READS_AT_MOST = 100_000;
const IDLE_READ_MS = 5_000;
const AUTH = { authorization: 'Bearer sk_test_sandbox' };

const now = new Date();
/** The machine's 1-minute load average as the run starts: a shared machine's figures spread with it. */
const loadAtStart = loadavg()[0];
const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const percentile = (values: readonly number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
};
const median = (values: readonly number[]) => percentile(values, 0.5);
const spread = (values: readonly number[], digits = 0) =>
  `${Math.min(...values).toLocaleString('en', { maximumFractionDigits: digits })}–${Math.max(...values).toLocaleString('en', { maximumFractionDigits: digits })}`;

const database = await createTestDatabase(serverUrl, 'hotel_ingest');
const databaseName = new URL(database.url).pathname.slice(1);
/**
 * CPU time (ms) of each PostgreSQL backend connected to this run's database, by pid (Linux
 * `/proc`): the difference of two readings counts the backends alive at the second (one that
 * exited meanwhile is left out, so the figure errs low).
 */
const postgresCpuMs = (): Map<string, number> => {
  const cpu = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${databaseName} `)) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // Gone meanwhile.
    }
  }
  return cpu;
};
const postgresCpuSince = (before: ReadonlyMap<string, number>): number =>
  [...postgresCpuMs()].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
const dir = mkdtempSync(join(tmpdir(), 'hotel-ingest-'));
const { tls, dir: tlsDir } = await benchTls();
const dispatcher = new Agent({ connect: { ca: tls.cert }, connections: 32 });
let stopApi: (() => Promise<void>) | undefined;
let readers: ReaderThread | undefined;
try {
  const db = createDatabase({ url: database.url, poolSize: 2, statementTimeoutMs: 0 });
  const rooms: { property: string; room: string }[] = [];
  try {
    await migrateToLatest(db, MIGRATION_SETS);
    await exportSandbox({ dir, chains: ['MEGA'], days: 30, now, include: ['catalog', 'ari'] });
    for (const file of await dataFilesAt(dir)) await loadDataFile(db, file);
    for (const row of await db.selectFrom('rooms').select(['property_code', 'code']).orderBy('property_code').orderBy('position').execute()) {
      rooms.push({ property: row.property_code, room: row.code });
    }
  } finally {
    await db.destroy();
  }

  const api = await startServer('api', BUILT_API, tls, {
    env: {
      CONNECTOR: 'postgres',
      DATABASE_URL: database.url,
      SANDBOX_KEYS: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000000',
      AVAILABILITY_RATE_LIMIT_MAX: '1000000000',
      WRITE_RATE_LIMIT_MAX: '1000000000',
      MAX_EVENT_LOOP_DELAY_MS: '0',
    },
    readyPath: '/readyz',
  });
  stopApi = api.stop;

  /** Each client's rooms: those of its own properties (every fourth of MEGA's), in order. */
  const properties = [...new Set(rooms.map((room) => room.property))];
  const ownRooms = Array.from({ length: CLIENTS }, (_, client) => rooms.filter((room) => properties.indexOf(room.property) % CLIENTS === client));
  /**
   * One push's body: `records` ARI records of `client`'s rooms, nights from 40 to 339 days ahead.
   * As a channel manager sends them, a run of rooms (the next ones of the client's, in property
   * order) over `NIGHTS_A_ROOM` consecutive nights each, so a 1,000-record push names about ten
   * properties; `scattered`, every room of the client a night or two (each of its 125 properties
   * named in every push, so three events for each), the costliest shape of the same records.
   */
  let pushNumber = 0;
  const nextRoom = Array.from({ length: CLIENTS }, () => 0);
  const ariBody = (client: number, records: number, shape: 'runs' | 'scattered' = 'runs'): string => {
    const own = ownRooms[client];
    const first = 40 + (pushNumber++ % 300);
    const nights = shape === 'runs' ? NIGHTS_A_ROOM : Math.ceil(records / own.length);
    const lines: string[] = [];
    for (let index = 0; index < records; index++) {
      const { property, room } = shape === 'runs' ? own[(nextRoom[client] + Math.floor(index / nights)) % own.length] : own[index % own.length];
      const date = day(first + (shape === 'runs' ? index % nights : Math.floor(index / own.length)));
      lines.push(JSON.stringify({ type: 'ari', property, room, date, priceFactor: 1 + (pushNumber % 7) / 100, roomsLeft: pushNumber % 9, stopSell: [] }));
    }
    if (shape === 'runs') nextRoom[client] += Math.ceil(records / nights);
    return lines.join('\n') + '\n';
  };
  const push = async (body: string): Promise<number> => {
    const started = performance.now();
    const response = await request(`${api.origin}/v1/data`, { method: 'POST', headers: { ...AUTH, 'content-type': 'application/x-ndjson' }, body, dispatcher });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`push: ${response.statusCode} ${text.slice(0, 300)}`);
    return performance.now() - started;
  };

  /** The distinct shopper: every read a property, stay and length not asked before. */
  const readPath = (n: number) => {
    const property = rooms[(n * 7919) % rooms.length].property;
    const arrival = 1 + (n % 25);
    return `/v1/shopper/${property}?checkIn=${day(arrival)}&checkOut=${day(arrival + 1 + ((n >> 5) % 3))}&adults=${1 + ((n >> 3) % 2)}`;
  };
  const readerThread = ReaderThread.start({ origin: api.origin, ca: tls.cert, headers: AUTH, paths: Array.from({ length: READS_AT_MOST }, (_, n) => readPath(n)), readers: READERS });
  readers = readerThread;
  /** Reads from `READERS` clients until `during` settles; their latencies. */
  const readsWhile = (during: Promise<unknown>): Promise<number[]> => readerThread.readWhile(during);
  /**
   * CPU time (ms) of the service's main thread, the one whose event loop serves reads (Linux
   * `/proc/<pid>/task/<pid>`): what a push still costs it, beside the push thread's share.
   */
  const eventLoopCpuMs = (): number => {
    const pid = api.child.pid;
    const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  /**
   * 4 clients, each sending its 1,000-record pushes one after another: records a second, and the
   * CPU ms 1,000 records cost the service (and of it its event loop) and PostgreSQL.
   */
  const ingest = async (shape: 'runs' | 'scattered' = 'runs'): Promise<{ rate: number; service: number; eventLoop: number; postgres: number }> => {
    const bodies = Array.from({ length: CLIENTS }, (_, client) => Array.from({ length: PUSHES_PER_CLIENT }, () => ariBody(client, RECORDS_PER_PUSH, shape)));
    const records = CLIENTS * PUSHES_PER_CLIENT * RECORDS_PER_PUSH;
    const [serviceBefore, eventLoopBefore, postgresBefore] = [api.cpuMs(), eventLoopCpuMs(), postgresCpuMs()];
    const started = performance.now();
    await Promise.all(bodies.map(async (own) => {
      for (const body of own) await push(body);
    }));
    const seconds = (performance.now() - started) / 1000;
    return {
      rate: records / seconds,
      service: ((api.cpuMs() - serviceBefore) / records) * 1000,
      eventLoop: ((eventLoopCpuMs() - eventLoopBefore) / records) * 1000,
      postgres: (postgresCpuSince(postgresBefore) / records) * 1000,
    };
  };

  /** `SMALL_PUSHES` 100-record pushes one after another: each one's time. */
  const smallPushes = async (): Promise<number[]> => {
    const times: number[] = [];
    for (let index = 0; index < SMALL_PUSHES; index++) times.push(await push(ariBody(index % CLIENTS, 100)));
    return times;
  };

  // Warm-up: the service's code paths and PostgreSQL's caches.
  await readsWhile(new Promise((resolve) => setTimeout(resolve, 1_000)));
  await push(ariBody(0, RECORDS_PER_PUSH));

  const rates: number[] = [];
  const scatteredRates: number[] = [];
  const scatteredCpu: number[] = [];
  const aloneP50: number[] = [];
  const aloneP99: number[] = [];
  const smallP50: number[] = [];
  const smallP99: number[] = [];
  const idleP99: number[] = [];
  const busyP99: number[] = [];
  const serviceCpu: number[] = [];
  const eventLoopCpu: number[] = [];
  const postgresCpu: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const runs = await ingest();
    rates.push(runs.rate);
    serviceCpu.push(runs.service);
    eventLoopCpu.push(runs.eventLoop);
    postgresCpu.push(runs.postgres);
    const scattered = await ingest('scattered');
    scatteredRates.push(scattered.rate);
    scatteredCpu.push(scattered.service + scattered.postgres);
    const alone = await smallPushes();
    aloneP50.push(median(alone));
    aloneP99.push(percentile(alone, 0.99));
    const underReads = smallPushes();
    await readsWhile(underReads);
    const smallTimes = await underReads;
    smallP50.push(median(smallTimes));
    smallP99.push(percentile(smallTimes, 0.99));
    idleP99.push(percentile(await readsWhile(new Promise((resolve) => setTimeout(resolve, IDLE_READ_MS))), 0.99));
    busyP99.push(percentile(await readsWhile(ingest()), 0.99));
  }
  const ratios = busyP99.map((busy, index) => busy / idleP99[index]);

  console.log(`\nbench:ingest — POST /v1/data into PostgreSQL, the built service, Node ${process.version}, ${new Date().toISOString()}, ${ROUNDS} rounds (median, spread); load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end\n`);
  console.log('| Figure | Median | Spread | Target | Met |');
  console.log('| --- | ---: | ---: | ---: | :---: |');
  const row = (figure: string, values: readonly number[], unit: string, target: string, met: boolean, digits = 0) =>
    console.log(`| ${figure} | ${median(values).toLocaleString('en', { maximumFractionDigits: digits })} ${unit} | ${spread(values, digits)} | ${target} | ${target === '' ? '' : met ? '✓' : '✗'} |`);
  row(`(a) ARI records/s, ${RECORDS_PER_PUSH.toLocaleString('en')}-record pushes from ${CLIENTS} clients`, rates, 'records/s', '≥ 50,000', median(rates) >= 50_000);
  row('(a) CPU per 1,000 records: the service', serviceCpu, 'ms', '', true);
  row('(a) CPU per 1,000 records: of it, the event loop serving reads', eventLoopCpu, 'ms', '', true);
  row('(a) CPU per 1,000 records: PostgreSQL', postgresCpu, 'ms', '', true);
  row('(a) the same, each push scattered over the client\'s 125 properties: records/s', scatteredRates, 'records/s', '', true);
  row('(a) scattered: CPU per 1,000 records, the service and PostgreSQL', scatteredCpu, 'ms', '', true);
  row('(b) 100-record push p50, nothing else sent', aloneP50, 'ms', '', true, 1);
  row('(b) 100-record push p99, nothing else sent', aloneP99, 'ms', '', true, 1);
  row(`(b) 100-record push p50 while ${READERS} clients read`, smallP50, 'ms', '', true, 1);
  row(`(b) 100-record push p99 while ${READERS} clients read`, smallP99, 'ms', '≤ 50 ms', median(smallP99) <= 50, 1);
  row('(c) reads p99 idle', idleP99, 'ms', '', true, 1);
  row('(c) reads p99 while ingesting at full speed', busyP99, 'ms', '', true, 1);
  row('(c) busy p99 / idle p99', ratios, '×', '≤ 2×', median(ratios) <= 2, 2);
} finally {
  await readers?.close();
  await stopApi?.();
  await dispatcher.close();
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(tlsDir, { recursive: true, force: true });
}
