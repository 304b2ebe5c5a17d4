import { sql, type Kysely } from 'kysely';

/**
 * The event log (the outbox): events written in the transaction of the change that caused them,
 * so a committed change always has its events and a rolled-back one never does. `sequence` is the
 * change feed's order; appends take a transaction-scoped advisory lock just before inserting, so
 * sequences become visible in the order they were given and a reader never skips one.
 */
const STATEMENTS = [
  `CREATE TABLE events (
     sequence bigserial PRIMARY KEY,
     id text NOT NULL UNIQUE,
     type text NOT NULL,
     chain text NOT NULL,
     property text,
     occurred_at timestamptz NOT NULL DEFAULT now(),
     data jsonb NOT NULL)`,
  `CREATE INDEX events_property ON events (property, sequence)`,
  `CREATE INDEX events_chain ON events (chain, sequence)`,
  `CREATE INDEX events_occurred_at ON events (occurred_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
