import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnectors, exportSandbox } from '@hotelapi/connectors';
import { createMigratedDatabase } from './migrated-database.js';
import { SANDBOX_AUTH, startApi, TEST_NOW, type RunningApi } from './start-api.js';

/** A service over PostgreSQL holding ACME, and how to remove what it stands on. */
export interface AcmeOverPostgres {
  readonly api: RunningApi;
  /** Closes the connectors and drops the database (the API is closed by its suite). */
  cleanUp(): Promise<void>;
}

/**
 * A service with `CONNECTOR=postgres` over a throw-away database `name` on `serverUrl`, holding
 * ACME's catalog and 30 days of its ARI, pushed through `POST /v1/data` as a chain would.
 */
export async function startAcmeOverPostgres(
  serverUrl: string,
  name: string,
  { env = {}, webhookCa }: { env?: Record<string, string>; webhookCa?: string } = {},
): Promise<AcmeOverPostgres> {
  const database = await createMigratedDatabase(serverUrl, name);
  const connectors = await createConnectors({ kind: 'postgres', url: database.url, now: () => TEST_NOW });
  const cleanUp = async () => {
    await connectors.close?.();
    await database.drop();
  };
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  try {
    await exportSandbox({ dir: dataDir, chains: ['ACME'], days: 30, shopDays: 1, now: TEST_NOW, include: ['catalog', 'ari'] });
    const api = await startApi({
      env: { ...env, SANDBOX_KEYS: 'true', CONNECTOR: 'postgres', DATABASE_URL: database.url, DATA_VERSION_MAX_AGE_MS: '0', WRITE_RATE_LIMIT_MAX: '100000' },
      connectors,
      ...(webhookCa && { webhookCa }),
    });
    for (const file of ['01-catalog.jsonl', '02-ari.jsonl']) {
      const response = await api.request('POST', '/v1/data', { headers: { ...SANDBOX_AUTH, 'content-type': 'application/x-ndjson' }, body: readFileSync(join(dataDir, file), 'utf8') });
      if (response.status !== 200) {
        await api.close();
        throw new Error(`pushing ${file} answered ${response.status}: ${response.text.slice(0, 300)}`);
      }
    }
    return { api, cleanUp };
  } catch (error) {
    await cleanUp();
    throw error;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
