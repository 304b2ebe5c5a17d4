import { sql, type Kysely } from 'kysely';

/**
 * The event log (the outbox): events written in the transaction of the change that caused them,
 * so a committed change always has its events and a rolled-back one never does. `sequence` is the
 * change feed's order; appends take a transaction-scoped advisory lock just before inserting, so
 * sequences become visible in the order they were given and a reader never skips one. The
 * parity watcher's work (parity_checks) is written with the change too, and its last known
 * statuses (parity_states) with the events they caused.
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
  // What parity must look at again, written with the change: a stay a collection was added for
  // (arrival set), or nights whose direct prices or availability moved (first_night, last_night).
  `CREATE TABLE parity_checks (
     id bigserial PRIMARY KEY,
     property text NOT NULL,
     arrival date,
     nights integer,
     adults integer,
     children integer,
     first_night date,
     last_night date,
     created_at timestamptz NOT NULL DEFAULT now())`,
  // The last judged status of every watched stay, per channel and tolerance.
  `CREATE TABLE parity_states (
     property text NOT NULL,
     arrival date NOT NULL,
     nights integer NOT NULL,
     adults integer NOT NULL,
     children integer NOT NULL,
     channel text NOT NULL,
     tolerance double precision NOT NULL,
     status text NOT NULL,
     judged_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (property, arrival, nights, adults, children, channel, tolerance))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
