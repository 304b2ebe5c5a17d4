import { sql, type Kysely } from 'kysely';

/**
 * The hotel data's version: one row, bumped by the loader in the same transaction as each file it
 * loads. Serving processes keep the catalog (and reviews, exchange rates) read under a version
 * and read it again when the version moves, so every instance sees a load as soon as it commits.
 */
const STATEMENTS = [
  `CREATE TABLE hotel_data_version (
     singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
     version bigint NOT NULL)`,
  `INSERT INTO hotel_data_version (version) VALUES (1)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
