import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromSource } from './processes.js';
import type { Row, Scenario } from './scenario.js';

/**
 * The PostgreSQL figures (`npm run bench:postgres`: MEGA availability, shopper and reviews against
 * the sandbox, loader throughput) as rows of this table, only when `TEST_DATABASE_URL` names a
 * server. It runs as `npm run bench:postgres` does, in a process of its own, with a 16 MB loader
 * file unless BENCH_LOADER_MB says otherwise (the 1 GB memory runs are `bench:postgres`'s own).
 */
export function postgresScenarios(databaseUrl: string | undefined): Scenario[] {
  if (!databaseUrl) return [];
  return [
    {
      group: 'postgres',
      async run() {
        const figures = join(mkdtempSync(join(tmpdir(), 'bench-postgres-')), 'figures.json');
        const child = spawn(process.execPath, fromSource('../bench-postgres.ts'), {
          env: { ...process.env, BENCH_FIGURES: figures, BENCH_LOADER_MB: process.env['BENCH_LOADER_MB'] ?? '16' },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        const [code] = (await once(child, 'exit')) as [number | null];
        if (code !== 0) throw new Error(`bench:postgres exited with ${code}`);
        return JSON.parse(readFileSync(figures, 'utf8')) as Row[];
      },
    },
  ];
}
