/**
 * Benchmark of webhooks (issue 31's "Speed"), in the embedded sandbox (the memory queue), over real
 * HTTPS to receivers in a child process (bench/webhook-receivers.ts):
 *   1. from a push that breaks (or restores) parity to the signed parity event received, with 100
 *      subscriptions: p50 and p99 of every delivery.
 *   2. 10,000 events a minute fanned out to 10 receivers, and the p99 of reads
 *      (`GET /v1/shopper/ACME001`) meanwhile against the same reads idle, in alternating windows; then 5 s of the events
 *      without reads, for the CPU the API's main thread spends per delivery (appending the events
 *      included): on a shared machine a steadier figure than a p99.
 * Figures only; nothing here asserts a time.
 *
 * With TEST_DATABASE_URL (a server where databases may be created), part 1 runs again with
 * CONNECTOR=postgres: subscriptions and pg-boss's queue in a fresh database.
 *
 *   npm run bench:events                 # BENCH_ROUNDS (default 30), BENCH_SECONDS (default 20)
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startApi, SANDBOX_AUTH, type RunningApi } from '@hotelapi/api/testing';
import { MIGRATION_SETS } from '@hotelapi/api/migration-sets';
import { createConnectors, createSandboxConnectors, exportSandbox, type Connectors, type NewEvent } from '@hotelapi/connectors';
import { createDatabase, migrateToLatest } from '@hotelapi/connectors/postgres';
import { createTestDatabase } from '@hotelapi/connectors/testing';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 30);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 20);
const SUBSCRIPTIONS = 100;
const RECEIVERS = 10;
const EVENTS_PER_MINUTE = 10_000;
const DELIVERIES_ALONE_S = 5;
/** Idle and loaded read windows of part 2, alternating. */
const PART2_ROUNDS = 4;
const ENV = {
  WEBHOOK_ALLOW_PRIVATE: 'true',
  RATE_LIMIT_MAX: '100000000',
  WRITE_RATE_LIMIT_MAX: '100000000',
  PROPERTY_ANSWER_CACHE_MS: '0',
  LOG_LEVEL: 'silent',
};
const JSON_HEADERS = { ...SANDBOX_AUTH, 'content-type': 'application/json' };

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN;
}
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

async function subscribe(api: RunningApi, url: string, types: readonly string[], properties?: readonly string[]): Promise<void> {
  const created = await api.request('POST', '/v1/webhooks', { headers: JSON_HEADERS, body: JSON.stringify({ url, types, properties }) });
  if (created.status !== 201) throw new Error(`subscribing answered ${created.status}: ${created.text}`);
}

/** The child's receivers, as this process sees them: URLs, certificate, and what arrived. */
interface Receivers {
  readonly urls: readonly string[];
  readonly ca: string;
  /** Arrivals since the last `clear()`: path and time (ms since the epoch). */
  readonly arrived: [string, number][];
  clear(): void;
  close(): void;
}

async function startReceivers(count: number): Promise<Receivers> {
  const child = fork(join(import.meta.dirname, 'bench', 'webhook-receivers.ts'), {
    env: { ...process.env, RECEIVERS: String(count) },
    execArgv: ['--conditions=@hotelapi/source', '--import', createRequire(import.meta.url).resolve('tsx')],
  });
  const arrived: [string, number][] = [];
  const ready = await new Promise<{ urls: string[]; ca: string }>((resolve, reject) => {
    child.once('error', reject);
    child.on('message', (message: { urls?: string[]; ca?: string; arrived?: [string, number][] }) => {
      if (message.urls && message.ca) resolve({ urls: message.urls, ca: message.ca });
      if (message.arrived) arrived.push(...message.arrived);
    });
  });
  return { ...ready, arrived, clear: () => (arrived.length = 0), close: () => child.disconnect() };
}

async function waitForArrivals(receivers: Receivers, count: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (receivers.arrived.length < count && Date.now() < deadline) await delay(20);
}

const ratesChanged = (index: number): NewEvent => ({
  type: 'rates.changed',
  data: { chain: 'ACME', property: 'ACME001', ranges: [{ from: '2026-12-01', to: '2026-12-02' }], rooms: [`R${index}`] },
});

/** The stay whose parity part 1 breaks and restores: the first arrival ACME001 sells direct from 30 days on. */
async function watchedStay(api: RunningApi): Promise<{ arrival: string; direct: number; room: string; ratePlan: string }> {
  const from = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const answer = await api.get(`/v1/parity/ACME001?from=${from}&to=${to}&channel=OTA_01`, SANDBOX_AUTH);
  const sold = (answer.body.data?.dates ?? []).find((date: { roomId: string | null }) => date.roomId !== null);
  if (!sold) throw new Error(`ACME001 sells nothing direct from ${from} to ${to}: ${answer.text.slice(0, 200)}`);
  return { arrival: sold.date, direct: sold.direct, room: sold.roomId, ratePlan: sold.rateId };
}

/**
 * Part 1: 100 subscriptions to ACME001's parity events; each round pushes a channel collection
 * that breaks parity (5 % under the direct price) or restores it (the direct price), alternately,
 * and times every subscription's signed `parity.breach` or `parity.restored` from the push.
 */
async function pushToWebhook(receivers: Receivers, store: { label: string; connectors: Connectors; env?: Record<string, string>; seed?: readonly string[] }): Promise<void> {
  const api = await startApi({ connectors: store.connectors, webhookCa: receivers.ca, env: { ...ENV, ...store.env }, now: () => new Date() });
  const url = receivers.urls[0] ?? '';
  try {
    for (const lines of store.seed ?? []) {
      const loaded = await api.request('POST', '/v1/data', { headers: { ...SANDBOX_AUTH, 'content-type': 'application/x-ndjson' }, body: lines });
      if (loaded.status !== 200) throw new Error(`seeding answered ${loaded.status}: ${loaded.text.slice(0, 200)}`);
    }
    for (let index = 0; index < SUBSCRIPTIONS; index++) await subscribe(api, `${url}/s${index}`, ['parity.breach', 'parity.restored'], ['ACME001']);
    const stay = await watchedStay(api);
    const collection = (round: number) =>
      JSON.stringify({
        records: [
          {
            type: 'channelShop', property: 'ACME001', arrival: stay.arrival, nights: 1, adults: 2, children: 0,
            collectedAt: new Date().toISOString(),
            prices: [{ room: stay.room, ratePlan: stay.ratePlan, channel: 'OTA_01', price: round % 2 === 0 ? Math.round(stay.direct * 95) / 100 : stay.direct }],
          },
        ],
      });
    const latencies: number[] = [];
    // Round 0 breaks parity to warm up (connections, code) and is not counted; then restore, break, …
    for (let round = 0; round <= ROUNDS; round++) {
      receivers.clear();
      const started = Date.now();
      const pushed = await api.request('POST', '/v1/data', { headers: JSON_HEADERS, body: collection(round) });
      if (pushed.status !== 200) throw new Error(`the push answered ${pushed.status}: ${pushed.text.slice(0, 200)}`);
      await waitForArrivals(receivers, SUBSCRIPTIONS);
      if (receivers.arrived.length < SUBSCRIPTIONS) throw new Error(`round ${round}: ${receivers.arrived.length} of ${SUBSCRIPTIONS} subscriptions got the parity event`);
      if (round > 0) for (const [, receivedAt] of receivers.arrived.slice(0, SUBSCRIPTIONS)) latencies.push(receivedAt - started);
      await delay(200);
    }
    console.log(
      `1. ${store.label}: push that breaks or restores parity → signed parity.breach / parity.restored received, ${SUBSCRIPTIONS} subscriptions, ` +
        `${ROUNDS} rounds (${latencies.length} deliveries): p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(percentile(latencies, 0.99))}, max ${ms(Math.max(...latencies))}`,
    );
  } finally {
    await api.close();
  }
}

/** Reads for `seconds`, one at a time: their latencies. */
async function readFor(api: RunningApi, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1_000;
  let day = 0;
  while (performance.now() < end) {
    const checkIn = `2026-12-${String(1 + (day % 20)).padStart(2, '0')}`;
    const checkOut = `2026-12-${String(3 + (day++ % 20)).padStart(2, '0')}`;
    const started = performance.now();
    const answer = await api.get(`/v1/shopper/ACME001?checkIn=${checkIn}&checkOut=${checkOut}`, SANDBOX_AUTH);
    if (answer.status !== 200) throw new Error(`read answered ${answer.status}`);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/** Appends `EVENTS_PER_MINUTE` to the log, a tenth of a second's share at a time, until stopped. */
function appendAtRate(connectors: Connectors): { appended: () => number; stop: () => Promise<void> } {
  const perTick = EVENTS_PER_MINUTE / 60 / 10;
  let appended = 0;
  let appending = true;
  const running = (async () => {
    const start = performance.now();
    for (let tick = 0; appending; tick++) {
      const count = Math.round(perTick * (tick + 1)) - Math.round(perTick * tick);
      await connectors.events.append(Array.from({ length: count }, (_, index) => ratesChanged(appended + index)));
      appended += count;
      await delay(Math.max(0, start + (tick + 1) * 100 - performance.now()));
    }
  })();
  return {
    appended: () => appended,
    stop: async () => {
      appending = false;
      await running;
    },
  };
}

/**
 * Part 2: 10,000 events a minute to 10 receivers, reads meanwhile against reads idle, in
 * alternating windows (idle, then loaded, `PART2_ROUNDS` times), so that whatever else the machine
 * does falls on both alike; the idle windows' own spread is the noise to judge the difference by.
 * Then 5 s of events without reads: the main thread's CPU per delivery.
 */
async function fanOutUnderReads(receivers: Receivers): Promise<void> {
  const connectors = createSandboxConnectors();
  const api = await startApi({ connectors, webhookCa: receivers.ca, env: ENV, now: () => new Date() });
  try {
    for (const [index, url] of receivers.urls.entries()) await subscribe(api, `${url}/r${index}`, ['rates.changed']);
    await readFor(api, 2); // warm
    receivers.clear();
    const window = SECONDS / PART2_ROUNDS;
    const idle: number[] = [];
    const loaded: number[] = [];
    let appended = 0;
    for (let round = 0; round < PART2_ROUNDS; round++) {
      // The last window's deliveries all arrived: an idle window is idle.
      await waitForArrivals(receivers, appended * receivers.urls.length);
      idle.push(percentile(await readFor(api, window), 0.99));
      const appender = appendAtRate(connectors);
      loaded.push(percentile(await readFor(api, window), 0.99));
      await appender.stop();
      appended += appender.appended();
    }
    const appendedWhileReading = appended;
    const alone = appendAtRate(connectors);
    const arrivedBefore = receivers.arrived.length;
    const cpu = process.threadCpuUsage();
    await delay(DELIVERIES_ALONE_S * 1_000);
    const used = process.threadCpuUsage(cpu);
    const cpuPerDeliveryUs = (used.user + used.system) / (receivers.arrived.length - arrivedBefore);
    await alone.stop();
    appended += alone.appended();
    const expected = appended * receivers.urls.length;
    await waitForArrivals(receivers, expected);
    const [idleP99, loadedP99] = [percentile(idle, 0.5), percentile(loaded, 0.5)];
    const spread = (values: readonly number[]) => `${ms(Math.min(...values))}–${ms(Math.max(...values))}`;
    console.log(
      `2. ${appendedWhileReading} events in ${SECONDS} s of reads (${Math.round((appendedWhileReading / SECONDS) * 60)}/min), ${appended} in all, to ${receivers.urls.length} receivers: ` +
        `${receivers.arrived.length} of ${expected} deliveries received; read p99, median of ${PART2_ROUNDS} alternating windows, ${ms(loadedP99)} ` +
        `(${spread(loaded)}) vs ${ms(idleP99)} idle (${spread(idle)}): ${(((loadedP99 - idleP99) / idleP99) * 100).toFixed(0)} %; ` +
        `main thread CPU per delivery (without reads) ${cpuPerDeliveryUs.toFixed(0)} µs`,
    );
  } finally {
    await api.close();
  }
}

const receivers = await startReceivers(RECEIVERS);
try {
  console.log(`bench:events — receivers in a child process, ${new Date().toISOString()}`);
  await pushToWebhook(receivers, { label: 'sandbox (memory queue)', connectors: createSandboxConnectors() });
  const serverUrl = process.env['TEST_DATABASE_URL'];
  if (serverUrl) {
    const database = await createTestDatabase(serverUrl, 'hotel_bench_events');
    const db = createDatabase({ url: database.url, poolSize: 1 });
    await migrateToLatest(db, MIGRATION_SETS).finally(() => db.destroy());
    // ACME's catalog and ARI from the sandbox, 60 days: the watched stay is 30 to 40 days ahead.
    const seed = mkdtempSync(join(tmpdir(), 'bench-events-'));
    await exportSandbox({ dir: seed, chains: ['ACME'], days: 60, shopDays: 1, now: new Date(), include: ['catalog', 'ari'] });
    const connectors = await createConnectors({ kind: 'postgres', url: database.url });
    try {
      await pushToWebhook(receivers, {
        label: 'PostgreSQL (pg-boss)',
        connectors,
        env: { CONNECTOR: 'postgres', DATABASE_URL: database.url, SANDBOX_KEYS: 'true' },
        seed: ['01-catalog.jsonl', '02-ari.jsonl'].map((file) => readFileSync(join(seed, file), 'utf8')),
      });
    } finally {
      await connectors.close?.();
      await database.drop();
      rmSync(seed, { recursive: true, force: true });
    }
  }
  await fanOutUnderReads(receivers);
} finally {
  receivers.close();
}
