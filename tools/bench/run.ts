/**
 * Every benchmark of the project in one run, printed as one table: each figure, its target, the
 * peer it is measured against and the ratio.
 *
 *   npm run bench                      # builds the service, then every scenario
 *   npm run bench -- rest mcp          # only these groups (rest, mcp, availability, memory, startup)
 *
 * The service runs as built (`apps/api/bundle/main.js`, as `npm start` runs it, with its default
 * logging) in a process of its own; each peer runs in another; this process only generates load,
 * over loopback HTTPS with keep-alive connections, all servers serving one certificate. Ratios
 * come from rounds alternating between ours and the peer, so that other work on the machine falls
 * on both alike. Environment: BENCH_ROUNDS (5), BENCH_ROUND_MS (2000), BENCH_CONNECTIONS (10),
 * BENCH_MEMORY_REQUESTS (50000), TEST_DATABASE_URL (adds the PostgreSQL scenarios).
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { availabilityScenario } from './availability.js';
import { LoadClient } from './load.js';
import { mcpScenario } from './mcp.js';
import { memoryScenario } from './memory.js';
import { postgresScenarios } from './postgres.js';
import { benchApiEnv, benchTls, BUILT_API, startServer } from './processes.js';
import { restScenario } from './rest.js';
import { numberFrom, type BenchContext, type Row, type Scenario } from './scenario.js';
import { startupScenario } from './startup.js';

const SCENARIOS: readonly Scenario[] = [
  startupScenario,
  restScenario,
  mcpScenario,
  availabilityScenario,
  memoryScenario,
  ...postgresScenarios(process.env.TEST_DATABASE_URL),
];

function printTable(rows: readonly Row[]): void {
  const header: Row = { figure: 'figure', value: 'ours', target: 'target', peer: 'peer', ratio: 'ratio', met: true };
  const columns = ['figure', 'value', 'target', 'peer', 'ratio'] as const;
  const widths = columns.map((column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  const line = (row: Row, verdict: string) => `${columns.map((column, index) => row[column].padEnd(widths[index])).join('  ')}  ${verdict}`;
  console.log(line(header, 'verdict'));
  // A figure with no target (told for what it shows) gets no verdict.
  for (const row of rows) console.log(line(row, row.target === '' ? '' : row.met ? 'met' : 'MISSED'));
}

/** The CPU each side spent per request, for the figures measured against a peer. */
function printCpuPerRequest(rows: readonly Row[]): void {
  const measured = rows.filter((row) => row.cpuPerRequestUs !== undefined);
  if (measured.length === 0) return;
  const width = Math.max(...measured.map((row) => row.figure.length));
  console.log(`\n${'CPU per request (server process, user + system)'.padEnd(width)}  ours       peer       ratio`);
  for (const { figure, cpuPerRequestUs: cpu } of measured) {
    if (!cpu) continue;
    const us = (value: number) => `${value.toFixed(0)} µs`.padEnd(9);
    console.log(`${figure.padEnd(width)}  ${us(cpu.ours)}  ${us(cpu.peer)}  ${(cpu.ours / cpu.peer).toFixed(2)}×`);
  }
}

async function main(): Promise<void> {
  const groups = process.argv.slice(2);
  const chosen = SCENARIOS.filter((scenario) => groups.length === 0 || groups.includes(scenario.group));
  const { tls, dir } = await benchTls();
  const apiEnv = benchApiEnv(dir);
  const connections = numberFrom('BENCH_CONNECTIONS', 10);
  console.log(
    `Hotel API benchmarks, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB, ` +
      `load average ${loadavg().map((value) => value.toFixed(1)).join(' ')} at start`,
  );
  const api = await startServer('api', BUILT_API, tls, { env: apiEnv });
  const apiClient = new LoadClient(api.origin, tls.cert, connections);
  const context: BenchContext = {
    tls,
    api,
    apiClient,
    apiEnv,
    rounds: numberFrom('BENCH_ROUNDS', 5),
    roundMs: numberFrom('BENCH_ROUND_MS', 2_000),
    connections,
  };
  const rows: Row[] = [];
  try {
    for (const scenario of chosen) {
      const started = performance.now();
      rows.push(...(await scenario.run(context)));
      console.error(`(${scenario.group}: ${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
  } finally {
    await apiClient.close();
    await api.stop();
  }
  console.log(`load average ${loadavg().map((value) => value.toFixed(1)).join(' ')} at end; ${context.rounds} alternating rounds of ${context.roundMs} ms, ${connections} connections\n`);
  printTable(rows);
  printCpuPerRequest(rows);
  process.exitCode = rows.every((row) => row.met) ? 0 : 1;
}

await main();
