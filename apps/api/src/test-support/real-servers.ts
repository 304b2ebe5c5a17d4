import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * Real servers for tests that need them (never mocks). A server that is missing fails the test
 * under CI=true and skips it, visibly, elsewhere: `describe.skipIf(!available.x)` names why.
 */
export function findServer(candidates: readonly string[]): string | undefined {
  for (const candidate of candidates) {
    if (candidate.includes('/')) {
      if (existsSync(candidate)) return candidate;
    } else if (spawnSync('sh', ['-c', `command -v ${candidate}`]).status === 0) {
      return candidate;
    }
  }
  return undefined;
}

/** Under CI a missing server is a failure, not a skip. */
export function requireUnderCi(what: string, present: boolean): boolean {
  if (!present && process.env['CI'] === 'true') throw new Error(`${what} is required under CI=true but was not found`);
  if (!present) console.warn(`SKIPPED: ${what} not available on this machine`);
  return present;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export const REDIS_SERVER = findServer(['redis-server', '/usr/bin/redis-server']);

/** A throw-away redis-server on a free loopback port, which a test may stop and start again. */
export class TestRedis {
  #process: ChildProcess | undefined;
  private constructor(
    private readonly server: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<TestRedis> {
    if (!REDIS_SERVER) throw new Error('redis-server not found');
    const redis = new TestRedis(REDIS_SERVER, await freePort());
    await redis.resume();
    return redis;
  }

  /** (Re)starts the server on the same port and waits until it accepts connections. */
  async resume(): Promise<void> {
    this.#process = spawn(this.server, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let attempt = 0; attempt < 100; attempt++) {
      if (await acceptsConnections(this.port)) return;
      await delay(50);
    }
    throw new Error(`redis-server did not start on port ${this.port}`);
  }

  async stop(): Promise<void> {
    const child = this.#process;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}

export function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = connect(port, '127.0.0.1');
    connection.once('connect', () => {
      connection.destroy();
      resolve(true);
    });
    connection.once('error', () => resolve(false));
  });
}
