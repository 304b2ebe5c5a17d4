import { sql, type Kysely } from 'kysely';

/**
 * Pushes remembered by their `Idempotency-Key`, per API key, so a retried push replays its first
 * answer instead of writing again. Written in the same transaction as the push's records: a row
 * exists exactly when its write committed. Rows older than the retention are ignored and deleted.
 */
const STATEMENTS = [
  `CREATE TABLE pushed_writes (
     scope text NOT NULL,
     idempotency_key text NOT NULL,
     fingerprint text NOT NULL,
     receipt jsonb NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (scope, idempotency_key))`,
  `CREATE INDEX pushed_writes_created_at ON pushed_writes (created_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
