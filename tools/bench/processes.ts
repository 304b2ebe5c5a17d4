import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, loadTlsMaterial, PRODUCTION_ENTRY_POINT, PRODUCTION_NODE_OPTIONS } from '@hotelapi/api/benchmark';
import { Agent, request } from 'undici';

/** The repository's root folder. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The built service, as `npm run start:prod` runs it (its V8 options included). `BENCH_API_NODE_ARGS`
 * adds Node options to it only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/profiles` (summarise with
 * `tools/bench/profile-summary.ts`).
 */
export const BUILT_API = [
  ...PRODUCTION_NODE_OPTIONS,
  ...(process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  PRODUCTION_ENTRY_POINT,
];

/** The bare Fastify peer (`peers/bare-fastify.mjs`), plain JavaScript run by plain Node. */
export const BARE_FASTIFY = [fileURLToPath(new URL('./peers/bare-fastify.mjs', import.meta.url))];

/** A throw-away certificate for every server of a run, in a folder of its own (`dir`). */
export async function benchTls(): Promise<{ tls: BenchTls; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-tls-'));
  const material = await loadTlsMaterial({ selfSignedDir: dir });
  return { tls: { cert: material.cert, certFile: join(dir, 'localhost-cert.pem'), keyFile: join(dir, 'localhost-key.pem') }, dir };
}

/** The environment the bench starts the service with, its keys file in `dir`. */
export function benchApiEnv(dir: string): Record<string, string> {
  return {
    // Rate limits would measure the limiter's 429s, not the endpoints.
    RATE_LIMIT_MAX: '1000000000',
    AVAILABILITY_RATE_LIMIT_MAX: '1000000000',
    // One key drives every connection; the per-caller cap on heavy routes (/mcp among them) would
    // turn the tenth connection away.
    CONCURRENT_HEAVY_REQUESTS_PER_CLIENT: '1000',
    // Throughput is measured up to saturation, where shedding would answer 503s instead.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    API_KEYS_FILE: join(dir, 'api-keys.json'),
  };
}

/** A TypeScript entry point of the bench, run from source as the tools are. */
export function fromSource(path: string): string[] {
  return ['--conditions=@hotelapi/source', '--import', 'tsx', fileURLToPath(new URL(path, import.meta.url))];
}

/** The certificate every server of the run serves, so that TLS costs the same on each side. */
export interface BenchTls {
  readonly cert: string;
  readonly certFile: string;
  readonly keyFile: string;
}

export interface ServerProcess {
  readonly name: string;
  readonly origin: string;
  readonly child: ChildProcess;
  /** Milliseconds from spawning to the first 200 on `readyPath`. */
  readonly readyMs: number;
  /** Resident set size now, from /proc (Linux), in bytes. */
  rss(): number;
  /** CPU time the process has used so far (user and system), from /proc (Linux), in milliseconds. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/**
 * Starts a server in a process of its own on a free loopback port and waits for `readyPath` to
 * answer 200 over HTTPS; the time that took is its start-up time.
 */
export async function startServer(
  name: string,
  args: readonly string[],
  tls: BenchTls,
  { env = {}, readyPath = '/healthz' }: { env?: Record<string, string>; readyPath?: string } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const origin = `https://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: tls.keyFile, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const dispatcher = new Agent({ connect: { ca: tls.cert } });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}: ${stderr}`);
      try {
        const response = await request(`${origin}${readyPath}`, { dispatcher });
        await response.body.dump();
        if (response.statusCode === 200) break;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    await dispatcher.close();
  }
  const readyMs = performance.now() - started;
  return {
    name,
    origin,
    child,
    readyMs,
    rss: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? Number.NaN) * 1024,
    cpuMs: () => cpuMsOf(child.pid),
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** The kernel counts CPU time in clock ticks; Linux reports 100 a second to user space. */
const MS_PER_CLOCK_TICK = 10;

/** utime + stime of `/proc/<pid>/stat` (fields 14 and 15; the command name before them may hold spaces). */
function cpuMsOf(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_CLOCK_TICK;
}
