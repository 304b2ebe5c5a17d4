import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRODUCTION_ENTRY_POINT, PRODUCTION_NODE_OPTIONS } from './production-start.js';
import { acceptsConnections } from './real-servers.js';

const tsxLoader = createRequire(import.meta.url).resolve('tsx');
const mainModule = join(import.meta.dirname, '..', 'main.ts');
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** What an instance runs: `main.ts` from the sources, or the bundle `npm run start:prod` runs (`nx run api:bundle`). */
const ENTRY_POINTS = {
  sources: ['--conditions=@hotelapi/source', '--import', tsxLoader, mainModule],
  bundle: [join(ROOT, PRODUCTION_ENTRY_POINT)],
} as const;

/**
 * One API instance as its own process, from the TypeScript sources (or the bundle), with the
 * production start command's V8 options (`npm run start:prod` runs the bundle the same way): what a
 * load balancer sees, signals and memory included.
 */
export class ApiProcess {
  #output = '';
  readonly exited: Promise<number | null>;

  private constructor(readonly child: ChildProcess) {
    child.stdout?.on('data', (chunk: Buffer) => (this.#output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.#output += chunk.toString()));
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /** Starts `main.ts` (or the bundle) with `env` (PORT included) and resolves once it accepts connections. */
  static async start(
    env: Record<string, string> & { PORT: string },
    { from = 'sources', timeoutMs = 60_000 }: { from?: keyof typeof ENTRY_POINTS; timeoutMs?: number } = {},
  ): Promise<ApiProcess> {
    const child = spawn(process.execPath, [...PRODUCTION_NODE_OPTIONS, ...ENTRY_POINTS[from]], {
      env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const api = new ApiProcess(child);
    const deadline = Date.now() + timeoutMs;
    while (!(await acceptsConnections(Number(env.PORT)))) {
      if (child.exitCode !== null) throw new Error(`API exited before listening:\n${api.#output}`);
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`API did not listen within ${timeoutMs} ms:\n${api.#output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return api;
  }

  get output(): string {
    return this.#output;
  }

  /** SIGTERM: the graceful rolling-restart path; resolves with the exit status. */
  terminate(): Promise<number | null> {
    this.child.kill('SIGTERM');
    return this.exited;
  }

  /** SIGKILL: a crash. */
  kill(): Promise<number | null> {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
    return this.exited;
  }
}
