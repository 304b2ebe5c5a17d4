import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeWithDatabase, type TestDatabase } from '../../testing.js';
import { createDatabase } from '../connect.js';
import type { Database } from '../database.js';
import { loadDataFile } from '../loader/load-data.js';
import { migrateToLatest } from '../migrate.js';
import { HOTEL_DATA_MIGRATION_SET } from '../migrator.js';

const EXAMPLE = join(import.meta.dirname, '../../../../../docs/examples/small-chain.jsonl');

describeWithDatabase('the per-night tables keep their references without per-row foreign keys', (serverUrl) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  const count = async (table: 'property_nights' | 'room_nights' | 'stop_sells') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('rows')).where('property_code', '=', 'SEA001').executeTakeFirstOrThrow()).rows);

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl, 'hotel_ari_refs');
    db = createDatabase({ url: database.url, poolSize: 1 });
    await migrateToLatest(db, [HOTEL_DATA_MIGRATION_SET]);
    await loadDataFile(db, EXAMPLE);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it.each([
    ['a night of an unknown property', sql`insert into property_nights values ('NOPE001', '2027-06-10', 1, 1)`, /unknown property/],
    ['a room night of an unknown room', sql`insert into room_nights values ('SEA001', 'SUITE', '2027-06-10', 1, 1)`, /unknown room/],
    ['a stop-sell of an unknown rate plan', sql`insert into stop_sells values ('SEA001', 'DBL', 'NOPE', '2027-06-10')`, /unknown room or rate plan/],
    ['a room night moved to an unknown room', sql`update room_nights set room_code = 'SUITE' where property_code = 'SEA001'`, /unknown room/],
  ])('refuses %s, as a foreign key would', async (_case, statement, message) => {
    const failure = await statement.execute(db).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '23503', message: expect.stringMatching(message) });
  });

  it('deletes the nights of a deleted property, room or rate plan, as the cascade did', async () => {
    expect(await count('stop_sells')).toBeGreaterThan(0);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('rate_plans').where('property_code', '=', 'SEA001').execute();
      expect(Number((await trx.selectFrom('stop_sells').select((eb) => eb.fn.countAll().as('rows')).executeTakeFirstOrThrow()).rows)).toBe(0);
      await trx.deleteFrom('properties').where('code', '=', 'SEA001').execute();
    });
    expect([await count('property_nights'), await count('room_nights'), await count('stop_sells')]).toEqual([0, 0, 0]);
  });
});
