/**
 * Two revisions of the service side by side on the REST figures: `REV`, checked out and built
 * in a temporary worktree, against this checkout's build, in alternating rounds, with the CPU
 * each spends per request. For judging one change when its effect is smaller than the noise
 * between two runs of `npm run bench` (a few percent on a shared machine).
 *
 *   npm run bench:compare -- main~1     # that revision against the working tree
 *   npm run bench:compare -- HEAD       # the same code on both sides: the noise to expect
 *
 * The worktree gets its own `npm ci` and build (a minute or two) and is removed afterwards.
 * Environment: BENCH_ROUNDS (7), BENCH_ROUND_MS (2000), BENCH_CONNECTIONS (10).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCTION_ENTRY_POINT, PRODUCTION_NODE_OPTIONS } from '@hotelapi/api/benchmark';
import { alternate } from './alternate.js';
import { expectOk, LoadClient } from './load.js';
import { benchApiEnv, benchTls, BUILT_API, ROOT, startServer, type ServerProcess } from './processes.js';
import { DISTINCT_SHOPPER, distinctShopper, REST_FIGURES } from './rest.js';
import { formatRate, numberFrom, type BenchContext } from './scenario.js';

const revision = process.argv[2];
if (!revision) {
  console.error('usage: npm run bench:compare -- <revision>   (compared with this checkout, built)');
  process.exit(2);
}

// No Nx daemon: one would outlive the worktree it was started for.
const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NX_DAEMON: 'false' } });

try {
  execFileSync('git', ['rev-parse', '--verify', '--quiet', `${revision}^{commit}`], { cwd: ROOT, stdio: 'ignore' });
} catch {
  console.error(`${revision} names no commit of this repository (try a branch, a tag, HEAD~1 or a hash).`);
  process.exit(2);
}

const scratch = mkdtempSync(join(tmpdir(), 'bench-compare-'));
const worktree = join(scratch, 'checkout');
run('git', ['worktree', 'add', '--detach', worktree, revision], ROOT);
const servers: ServerProcess[] = [];
const clients: LoadClient[] = [];
try {
  run('npm', ['ci', '--no-audit', '--no-fund'], worktree);
  // Each side built and started as its own `npm start` does: older revisions ran `dist/` unbundled.
  const theirScripts = (JSON.parse(readFileSync(join(worktree, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const theirTarget = /nx run (api:\w+)/.exec(theirScripts.start ?? '')?.[1] ?? 'api:build';
  const theirEntryPoint = theirScripts['start:prod']?.split(' ').at(-1) ?? PRODUCTION_ENTRY_POINT;
  run('npx', ['nx', 'run', theirTarget, '--output-style=static'], worktree);
  run('npx', ['nx', 'run', 'api:bundle', '--output-style=static'], ROOT);

  const { tls, dir } = await benchTls();
  const env = benchApiEnv(dir);
  const connections = numberFrom('BENCH_CONNECTIONS', 10);
  const theirs = await startServer(revision, [...PRODUCTION_NODE_OPTIONS, join(worktree, theirEntryPoint)], tls, { env });
  servers.push(theirs);
  const ours = await startServer('this checkout', BUILT_API, tls, { env });
  servers.push(ours);
  const theirClient = new LoadClient(theirs.origin, tls.cert, connections);
  const ourClient = new LoadClient(ours.origin, tls.cert, connections);
  clients.push(theirClient, ourClient);
  const context: BenchContext = {
    tls,
    api: ours,
    apiClient: ourClient,
    apiEnv: env,
    rounds: numberFrom('BENCH_ROUNDS', 7),
    roundMs: numberFrom('BENCH_ROUND_MS', 2_000),
    connections,
  };

  console.log(`\nthis checkout against ${revision}: ${context.rounds} alternating rounds of ${context.roundMs} ms, ${connections} connections\n`);
  console.log(`${'figure'.padEnd(80)}  ${'this checkout'.padEnd(22)}  ${revision.padEnd(22)}  ratio`);
  // Each side asks its own never-repeated distinct requests (the same sequence: two processes).
  const figures = [
    { figure: DISTINCT_SHOPPER.figure, needle: DISTINCT_SHOPPER.needle, ours: distinctShopper(), theirs: distinctShopper() },
    ...REST_FIGURES.map(({ figure, needle, requests }) => ({ figure, needle, ours: requests, theirs: requests })),
  ];
  for (const { figure, needle, ours: ourRequests, theirs: theirRequests } of figures) {
    const check = expectOk(needle);
    const row = await alternate(
      context,
      figure,
      { server: ours, client: ourClient, requests: ourRequests, check },
      { name: revision, server: theirs, client: theirClient, requests: theirRequests, check },
      1,
    );
    const side = (which: 'ours' | 'peer') =>
      `${formatRate(row.perSecond?.[which] ?? Number.NaN)}, ${row.cpuPerRequestUs?.[which].toFixed(1)} µs`.padEnd(22);
    console.log(`${figure.padEnd(80)}  ${side('ours')}  ${side('peer')}  ${row.ratio}`);
  }
} catch (error) {
  // A step that failed has printed why (npm, Nx and git write to this terminal); say which.
  const failed = error as Error & { status?: number | null };
  console.error(typeof failed.status === 'number' ? `\n${failed.message.split('\n')[0]} (exit ${failed.status})` : error);
  process.exitCode = 1;
} finally {
  await Promise.all(clients.map((client) => client.close()));
  await Promise.all(servers.map((server) => server.stop()));
  run('git', ['worktree', 'remove', '--force', worktree], ROOT);
  rmSync(scratch, { recursive: true, force: true });
}
