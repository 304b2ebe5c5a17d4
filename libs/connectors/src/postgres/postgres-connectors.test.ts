import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeWithDatabase, type TestDatabase } from '../testing.js';
import { createDatabase } from './connect.js';
import type { Database } from './database.js';
import { loadDataFile } from './loader/load-data.js';
import { migrateToLatest } from './migrate.js';
import { HOTEL_DATA_MIGRATION_SET } from './migrator.js';
import { createPostgresConnectors } from './postgres-connectors.js';

/** The documented example of docs/data-format.md. */
const EXAMPLE = join(import.meta.dirname, '../../../../docs/examples/small-chain.jsonl');
const NOW = new Date('2027-05-01T10:00:00Z');

describeWithDatabase('the PostgreSQL connectors over the documented example', (serverUrl) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let queries = 0;

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl, 'hotel_example');
    const loader = createDatabase({ url: database.url, poolSize: 1 });
    await migrateToLatest(loader, [HOTEL_DATA_MIGRATION_SET]);
    await loadDataFile(loader, EXAMPLE);
    await loader.destroy();
    // Counts the statements each port call sends.
    const types = { getTypeParser: ((oid: number, format?: 'text') => (oid === 1082 ? (v: string) => v : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser };
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, types }) }), log: () => {
      queries++;
    } });
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('prices the stay as the document says, with the collected channel prices', async () => {
    const { rateShopper } = createPostgresConnectors({ db, now: () => NOW });
    const shop = await rateShopper.shop('SEA001', { checkIn: '2027-06-10', checkOut: '2027-06-11', adults: 2, children: 0 });
    expect(shop.collectedAt).toEqual(new Date('2027-05-01T08:30:00Z'));
    expect(shop.rates).toEqual([
      { roomCode: 'DBL', ratePlanCode: 'FLEX', total: 160.8, channels: { OTA_01: 171.5, CRS_01: 161 } },
      { roomCode: 'DBL', ratePlanCode: 'NREF', total: 144.72, channels: { OTA_01: 150 } },
    ]);
  });

  it('answers a stay nobody collected with direct prices only, and a night without ARI with nothing', async () => {
    const { rateShopper, bookingEngine } = createPostgresConnectors({ db, now: () => NOW });
    const uncollected = await rateShopper.shop('SEA001', { checkIn: '2027-06-10', checkOut: '2027-06-12', adults: 2, children: 0 });
    expect(uncollected.collectedAt).toBeNull();
    // NREF is stopped on the 11th; FLEX sells, without channel prices.
    expect(uncollected.rates).toMatchObject([{ ratePlanCode: 'FLEX', channels: {} }]);
    const beyond = await bookingEngine.getAvailability('SEA001', { checkIn: '2027-06-11', checkOut: '2027-06-13', adults: 2, children: 0 });
    expect(beyond.rates).toEqual([]);
  });

  it('reads a whole chain in a bounded number of queries', async () => {
    const { bookingEngine } = createPostgresConnectors({ db, now: () => NOW });
    const codes = ['SEA001', ...Array.from({ length: 200 }, (_, index) => `SEA${String(index + 2).padStart(3, '0')}`)];
    queries = 0;
    const chain = await bookingEngine.getChainAvailability(codes, { checkIn: '2027-06-10', checkOut: '2027-06-11', adults: 2, children: 0 });
    expect(chain.properties.map((property) => property.propertyCode)).toEqual(['SEA001']);
    expect(queries).toBeLessThanOrEqual(6);
  });
});
