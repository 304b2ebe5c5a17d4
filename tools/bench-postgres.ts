/**
 * PostgreSQL against the sandbox, on this machine, in one run, through the real API over HTTPS:
 *
 *   npm run bench:postgres      (needs BENCH_DATABASE_URL or TEST_DATABASE_URL: a superuser URL)
 *
 * It creates a throw-away database, exports MEGA (catalog and ARI) and ACME (everything) from the
 * sandbox, loads them (loader throughput), then times the same requests against a sandbox server
 * and a PostgreSQL server. Figures go to docs/PERFORMANCE.md; targets: MEGA availability p50
 * <= 150 ms, shopper and reviews p50 <= 10 ms, loader >= 50,000 ARI rows per second.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi, type RunningApi } from '@hotelapi/api/testing';
import { MIGRATION_SETS } from '@hotelapi/api/migration-sets';
import { createConnectors, createDatabase, createSandboxConnectors, dataFilesAt, exportSandbox, loadDataFile, migrateToLatest } from '@hotelapi/connectors';
import { createTestDatabase } from '@hotelapi/connectors/testing';

const serverUrl = process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
if (!serverUrl) {
  console.error('bench:postgres needs BENCH_DATABASE_URL (or TEST_DATABASE_URL): a PostgreSQL superuser URL; `source .ci/services.sh` starts one');
  process.exit(1);
}

const now = new Date();
const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const ENV = { SANDBOX_KEYS: 'true', RATE_LIMIT_MAX: '1000000', AVAILABILITY_RATE_LIMIT_MAX: '1000000' };
const KEY = { authorization: 'Bearer sk_test_sandbox' };

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}

async function timings(api: RunningApi, path: string, runs: number, headers: Record<string, string> = {}): Promise<number[]> {
  const first = await api.get(path, headers);
  if (first.status !== 200) throw new Error(`${path}: ${first.status} ${first.text.slice(0, 200)}`);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    await api.get(path, headers);
    times.push(performance.now() - start);
  }
  return times;
}

const database = await createTestDatabase(serverUrl, 'hotel_bench');
const dir = mkdtempSync(join(tmpdir(), 'hotel-bench-'));
const db = createDatabase({ url: database.url, poolSize: 2, statementTimeoutMs: 0 });
let sandboxApi: RunningApi | undefined;
let postgresApi: RunningApi | undefined;
const postgresConnectors = createConnectors({ kind: 'postgres', url: database.url, now: () => now });
try {
  await migrateToLatest(db, MIGRATION_SETS);
  const mega = join(dir, 'mega');
  const acme = join(dir, 'acme');
  await exportSandbox({ dir: mega, chains: ['MEGA'], days: 60, now, include: ['catalog', 'ari'] });
  await exportSandbox({ dir: acme, chains: ['ACME'], days: 60, shopDays: 7, now });

  let ariRecords = 0;
  let ariMs = 0;
  for (const file of [...(await dataFilesAt(mega)), ...(await dataFilesAt(acme))]) {
    const loaded = await loadDataFile(db, file);
    if (file.endsWith('02-ari.jsonl')) {
      ariRecords += loaded.records;
      ariMs += loaded.milliseconds;
    }
  }
  const roomNights = Number((await db.selectFrom('room_nights').select((eb) => eb.fn.countAll().as('rows')).executeTakeFirstOrThrow()).rows);

  sandboxApi = await startApi({ env: ENV, connectors: createSandboxConnectors({ now: () => now }), now: () => now });
  postgresApi = await startApi({
    env: { ...ENV, CONNECTOR: 'postgres', DATABASE_URL: database.url },
    connectors: postgresConnectors,
    now: () => now,
  });

  const cases = [
    { label: 'availability, chain MEGA (500 properties)', path: `/v1/availability/multi?chainCode=MEGA&checkin=${day(30)}&checkout=${day(33)}&currency=EUR`, runs: 20, headers: {}, target: 150 },
    { label: 'shopper, ACME001, 2 nights', path: `/v1/shopper/ACME001?checkIn=${day(3)}&checkOut=${day(5)}`, runs: 100, headers: KEY, target: 10 },
    { label: 'reviews, ACME001 (1,000+ reviews)', path: '/v1/reviews/ACME001?limit=10', runs: 100, headers: KEY, target: 10 },
  ];
  console.log(`PostgreSQL against the sandbox, Node ${process.version}, ${new Date().toISOString()}\n`);
  console.log('| Request | Sandbox p50 | PostgreSQL p50 | PostgreSQL p95 | Ratio | Target |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const { label, path, runs, headers, target } of cases) {
    const sandbox = await timings(sandboxApi, path, runs, headers);
    const postgres = await timings(postgresApi, path, runs, headers);
    const [s50, p50, p95] = [percentile(sandbox, 0.5), percentile(postgres, 0.5), percentile(postgres, 0.95)];
    console.log(`| ${label} | ${s50.toFixed(1)} ms | ${p50.toFixed(1)} ms | ${p95.toFixed(1)} ms | ${(p50 / s50).toFixed(2)}× | <= ${target} ms ${p50 <= target ? '✓' : '✗'} |`);
  }
  const rate = ariRecords / (ariMs / 1000);
  console.log(`| loader, ARI file (${ariRecords.toLocaleString('en')} night and room-night records; ${roomNights.toLocaleString('en')} room-night rows) | | ${Math.round(rate).toLocaleString('en')} rows/s | | | >= 50,000 rows/s ${rate >= 50_000 ? '✓' : '✗'} |`);
} finally {
  await sandboxApi?.close();
  await postgresApi?.close();
  await postgresConnectors.close?.();
  await db.destroy();
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
}
