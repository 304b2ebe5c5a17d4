import { sql, type Kysely } from 'kysely';

/**
 * Cheaper event appends, made under the append lock by every write. An event's id is made unique
 * by its making (event-id.ts: the time, then 92 random bits) and nothing looks an event up by it:
 * its unique index goes. An event's payload is read whole, never queried inside: stored as `json`
 * (the text as sent, checked), not `jsonb`, it is not converted to a binary tree at every append
 * nor back to text at every read.
 */
const STATEMENTS = [`ALTER TABLE events DROP CONSTRAINT events_id_key`, `ALTER TABLE events ALTER COLUMN data TYPE json USING data::json`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
