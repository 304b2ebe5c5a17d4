import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './real-servers.js';

const run = promisify(execFile);

/** The newest Debian PostgreSQL server binaries with what a standby needs (initdb, pg_ctl, pg_basebackup). */
export const POSTGRES_BIN = (() => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => ['initdb', 'pg_ctl', 'pg_basebackup'].every((tool) => existsSync(join(root, version, 'bin', tool))))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? join(root, newest, 'bin') : undefined;
})();

/**
 * A throw-away primary and its streaming standby (`pg_basebackup -R`) on free loopback ports in a
 * temporary directory, as .ci/services.sh starts its server: PostgreSQL refuses to run as root,
 * so as root they run as Debian's `postgres` user. The standby can be stopped and started again.
 */
export class ReplicatedPostgres {
  private constructor(
    private readonly bin: string,
    private readonly dir: string,
    private readonly password: string,
    readonly primaryPort: number,
    readonly standbyPort: number,
  ) {}

  /** `postgres://postgres:…@127.0.0.1:<port>/<database>` of the primary. */
  primaryUrl(database = 'postgres'): string {
    return `postgres://postgres:${this.password}@127.0.0.1:${this.primaryPort}/${database}`;
  }

  standbyUrl(database = 'postgres'): string {
    return `postgres://postgres:${this.password}@127.0.0.1:${this.standbyPort}/${database}`;
  }

  static async start(): Promise<ReplicatedPostgres> {
    if (!POSTGRES_BIN) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
    const dir = mkdtempSync(join(tmpdir(), 'hotelapi-replica-'));
    chmodSync(dir, 0o755);
    const password = `pw${Math.random().toString(36).slice(2)}`;
    writeFileSync(join(dir, 'pw'), `${password}\n`);
    if (userInfo().uid === 0) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: group } = await run('id', ['-g', 'postgres']);
      chownSync(dir, Number(stdout), Number(group));
      chownSync(join(dir, 'pw'), Number(stdout), Number(group));
    }
    const cluster = new ReplicatedPostgres(POSTGRES_BIN, dir, password, await freePort(), await freePort());
    try {
      await cluster.as('initdb', '-D', join(dir, 'primary'), '-U', 'postgres', `--pwfile=${join(dir, 'pw')}`, '-A', 'scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8');
      // initdb's pg_hba.conf already admits replication connections from 127.0.0.1 with a password.
      // No autovacuum: an idle primary writes no WAL, which the lag test relies on.
      await cluster.pgCtl('primary', cluster.primaryPort, '-c wal_level=replica -c max_wal_senders=4 -c autovacuum=off');
      await cluster.as(
        'pg_basebackup',
        ...['-h', '127.0.0.1', '-p', String(cluster.primaryPort), '-U', 'postgres', '-D', join(dir, 'standby'), '-R', '-X', 'stream', '-c', 'fast'],
      );
      await cluster.startStandby();
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return cluster;
  }

  async startStandby(): Promise<void> {
    await this.pgCtl('standby', this.standbyPort, '-c hot_standby=on');
  }

  /** A fast shutdown: connections are ended, the port stops answering. */
  async stopStandby(): Promise<void> {
    await this.as('pg_ctl', '-D', join(this.dir, 'standby'), '-m', 'fast', '-w', 'stop');
  }

  async stop(): Promise<void> {
    for (const node of ['standby', 'primary']) {
      await this.as('pg_ctl', '-D', join(this.dir, node), '-m', 'immediate', '-w', 'stop').catch(() => undefined);
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  private pgCtl(node: string, port: number, settings: string): Promise<unknown> {
    const data = join(this.dir, node);
    const options = `-p ${port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off ${settings}`;
    return this.as('pg_ctl', '-D', data, '-l', join(this.dir, `${node}.log`), '-w', 'start', '-o', options);
  }

  /** A PostgreSQL tool, as `postgres` when running as root; the password from the environment. */
  private as(tool: string, ...args: string[]): Promise<unknown> {
    const command = join(this.bin, tool);
    const env = { ...process.env, PGPASSWORD: this.password };
    return userInfo().uid === 0 ? run('runuser', ['-u', 'postgres', '--', command, ...args], { env }) : run(command, args, { env });
  }
}
