import { sql, type Kysely } from 'kysely';

/**
 * Webhook subscriptions, their signing secrets (kept as they are: HMAC needs them; a rotated one
 * expires), delivery attempts (an attempt with outcome `dead` is a dead letter, its event kept to
 * send again) and the relay's committed position in the event log. The jobs themselves are
 * pg-boss's, in its own schema.
 */
const STATEMENTS = [
  `CREATE TABLE webhook_subscriptions (
     id text PRIMARY KEY,
     owner_key_id text NOT NULL,
     readable jsonb NOT NULL,
     url text NOT NULL,
     types text[] NOT NULL,
     properties text[] NOT NULL,
     chains text[] NOT NULL,
     tolerance double precision NOT NULL,
     after_sequence bigint NOT NULL,
     status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'failing', 'disabled')),
     created_at timestamptz NOT NULL DEFAULT now())`,
  `CREATE INDEX webhook_subscriptions_owner ON webhook_subscriptions (owner_key_id, created_at)`,
  `CREATE TABLE webhook_secrets (
     subscription_id text NOT NULL REFERENCES webhook_subscriptions ON DELETE CASCADE,
     secret text NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     expires_at timestamptz,
     PRIMARY KEY (subscription_id, secret))`,
  `CREATE TABLE webhook_deliveries (
     id bigserial PRIMARY KEY,
     subscription_id text NOT NULL REFERENCES webhook_subscriptions ON DELETE CASCADE,
     event_id text NOT NULL,
     type text NOT NULL,
     attempt integer NOT NULL,
     outcome text NOT NULL,
     response_status integer,
     error text,
     duration_ms integer NOT NULL,
     attempted_at timestamptz NOT NULL,
     next_attempt_at timestamptz,
     event jsonb NOT NULL)`,
  `CREATE INDEX webhook_deliveries_subscription ON webhook_deliveries (subscription_id, id DESC)`,
  `CREATE INDEX webhook_deliveries_event ON webhook_deliveries (subscription_id, event_id, id DESC)`,
  `CREATE INDEX webhook_deliveries_attempted_at ON webhook_deliveries (attempted_at)`,
  `CREATE TABLE webhook_relay (name text PRIMARY KEY, position bigint NOT NULL)`,
  `INSERT INTO webhook_relay (name, position) VALUES ('events', 0)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
