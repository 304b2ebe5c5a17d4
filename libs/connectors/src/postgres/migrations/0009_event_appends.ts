import { sql, type Kysely } from 'kysely';

/**
 * An event's id is made unique by its making (event-id.ts: the time, then 92 random bits), and
 * nothing looks an event up by it: the unique index on it was kept up at every append, under
 * the append lock, for no reader. The log is read by sequence, property and chain.
 */
const STATEMENTS = [`ALTER TABLE events DROP CONSTRAINT events_id_key`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
