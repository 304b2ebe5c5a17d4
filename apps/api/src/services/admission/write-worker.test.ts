import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportSandbox, UpstreamError } from '@hotelapi/connectors';
import { describeWithDatabase, type TestDatabase } from '@hotelapi/connectors/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMigratedDatabase } from '../../test-support/migrated-database.js';
import { TEST_NOW } from '../../test-support/start-api.js';
import { WriteWorker } from './write-worker.js';

describeWithDatabase('the push thread', (serverUrl) => {
  let database: TestDatabase;
  let dataDir: string;
  let catalog: string;
  let worker: WriteWorker;
  const everything = { grants: [{ kind: 'all' as const }] };

  beforeAll(async () => {
    database = await createMigratedDatabase(serverUrl, 'hotel_write_worker');
    dataDir = mkdtempSync(join(tmpdir(), 'hotel-write-worker-'));
    await exportSandbox({ dir: dataDir, chains: ['BLUE'], days: 2, now: TEST_NOW, include: ['catalog'] });
    catalog = readFileSync(join(dataDir, '01-catalog.jsonl'), 'utf8');
    worker = new WriteWorker({ url: database.url, idempotencyRetentionMs: 60_000 });
  }, 300_000);

  afterAll(async () => {
    await worker?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses the pushes under way when it dies, retryably, and takes the next push on a new thread', async () => {
    const underWay = worker.push({ utf8: Buffer.from(catalog) }, 100_000, everything, undefined);
    await worker.thread?.terminate();
    await expect(underWay).rejects.toBeInstanceOf(UpstreamError);

    const next = await worker.push({ utf8: Buffer.from(catalog) }, 100_000, everything, undefined);
    expect(next.outcome.replayed).toBe(false);
    expect(next.outcome.receipt.durable).toBe(true);
    expect(next.outcome.receipt.counts.chain).toBe(1);
  }, 120_000);
});
