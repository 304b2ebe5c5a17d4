import { sql, type Kysely } from 'kysely';
import type { EventType, HotelEvent, WebhookStatus } from '@hotelapi/domain';
import type { DeliveryAttempt, NewWebhookSubscription, WebhookChanges, WebhookStore, WebhookSubscription } from '../../ports/webhook-store.js';

interface SubscriptionRow {
  id: string;
  owner_key_id: string;
  url: string;
  types: EventType[];
  properties: string[];
  chains: string[];
  tolerance: number;
  after_sequence: string;
  status: WebhookStatus;
  created_at: Date;
}

interface AttemptRow {
  subscription_id: string;
  event_id: string;
  type: EventType;
  attempt: number;
  outcome: DeliveryAttempt['outcome'];
  response_status: number | null;
  error: string | null;
  duration_ms: number;
  attempted_at: Date;
  next_attempt_at: Date | null;
  event: HotelEvent;
}

const COLUMNS = sql.raw('id, owner_key_id, url, types, properties, chains, tolerance, after_sequence, status, created_at');
const ATTEMPT_COLUMNS = sql.raw('subscription_id, event_id, type, attempt, outcome, response_status, error, duration_ms, attempted_at, next_attempt_at, event');

/** Subscriptions, secrets and attempts in the tables of migration 0006_webhooks (its `readable` column unused since 0007). */
export function postgresWebhookStore(db: Kysely<unknown>): WebhookStore {
  const owner = (ownerKeyId: string | undefined) => (ownerKeyId === undefined ? sql`` : sql` AND owner_key_id = ${ownerKeyId}`);
  return {
    durable: true,
    async create(subscription: NewWebhookSubscription, secret: string) {
      return db.transaction().execute(async (trx) => {
        const { rows } = await sql<SubscriptionRow>`
          INSERT INTO webhook_subscriptions (id, owner_key_id, url, types, properties, chains, tolerance, after_sequence)
          VALUES (${subscription.id}, ${subscription.ownerKeyId}, ${subscription.url},
                  ${subscription.types}, ${subscription.properties}, ${subscription.chains}, ${subscription.tolerance}, ${subscription.afterSequence})
          RETURNING ${COLUMNS}`.execute(trx);
        await sql`INSERT INTO webhook_secrets (subscription_id, secret) VALUES (${subscription.id}, ${secret})`.execute(trx);
        const [created] = rows;
        if (!created) throw new Error('INSERT … RETURNING gave no row');
        return subscriptionOf(created);
      });
    },
    async list(ownerKeyId) {
      const { rows } = await sql<SubscriptionRow>`SELECT ${COLUMNS} FROM webhook_subscriptions WHERE owner_key_id = ${ownerKeyId} ORDER BY created_at, id`.execute(db);
      return rows.map(subscriptionOf);
    },
    async get(id, ownerKeyId) {
      const { rows } = await sql<SubscriptionRow>`SELECT ${COLUMNS} FROM webhook_subscriptions WHERE id = ${id}${owner(ownerKeyId)}`.execute(db);
      return rows[0] && subscriptionOf(rows[0]);
    },
    async update(id, ownerKeyId, changes: WebhookChanges) {
      const { rows } = await sql<SubscriptionRow>`
        UPDATE webhook_subscriptions SET
          url = COALESCE(${changes.url ?? null}, url),
          types = COALESCE(${changes.types ?? null}::text[], types),
          properties = COALESCE(${changes.properties ?? null}::text[], properties),
          chains = COALESCE(${changes.chains ?? null}::text[], chains),
          tolerance = COALESCE(${changes.tolerance ?? null}::double precision, tolerance),
          status = COALESCE(${changes.status ?? null}, status)
        WHERE id = ${id}${owner(ownerKeyId)}
        RETURNING ${COLUMNS}`.execute(db);
      return rows[0] && subscriptionOf(rows[0]);
    },
    async remove(id, ownerKeyId) {
      const result = await sql`DELETE FROM webhook_subscriptions WHERE id = ${id} AND owner_key_id = ${ownerKeyId}`.execute(db);
      return Number(result.numAffectedRows ?? 0) > 0;
    },
    async rotateSecret(id, ownerKeyId, secret, previousUntil) {
      return db.transaction().execute(async (trx) => {
        const { rows } = await sql`SELECT id FROM webhook_subscriptions WHERE id = ${id} AND owner_key_id = ${ownerKeyId} FOR UPDATE`.execute(trx);
        if (rows.length === 0) return false;
        await sql`DELETE FROM webhook_secrets WHERE subscription_id = ${id} AND expires_at <= now()`.execute(trx);
        await sql`UPDATE webhook_secrets SET expires_at = LEAST(COALESCE(expires_at, ${previousUntil}), ${previousUntil}) WHERE subscription_id = ${id}`.execute(trx);
        await sql`INSERT INTO webhook_secrets (subscription_id, secret) VALUES (${id}, ${secret})`.execute(trx);
        return true;
      });
    },
    async signingSecrets(id, now) {
      const { rows } = await sql<{ secret: string }>`
        SELECT secret FROM webhook_secrets WHERE subscription_id = ${id} AND (expires_at IS NULL OR expires_at > ${now})
        ORDER BY created_at DESC`.execute(db);
      return rows.map((row) => row.secret);
    },
    async deliverable() {
      const { rows } = await sql<SubscriptionRow>`SELECT ${COLUMNS} FROM webhook_subscriptions WHERE status <> 'disabled'`.execute(db);
      return rows.map(subscriptionOf);
    },
    async recordAttempt(attempt) {
      // A subscription deleted meanwhile takes no attempt (the foreign key would refuse it).
      await sql`
        INSERT INTO webhook_deliveries (${ATTEMPT_COLUMNS})
        SELECT ${attempt.subscriptionId}, ${attempt.eventId}, ${attempt.type}, ${attempt.attempt}, ${attempt.outcome}, ${attempt.responseStatus},
               ${attempt.error}, ${attempt.durationMs}, ${attempt.attemptedAt}, ${attempt.nextAttemptAt}, ${JSON.stringify(attempt.event)}::jsonb
        WHERE EXISTS (SELECT 1 FROM webhook_subscriptions WHERE id = ${attempt.subscriptionId})`.execute(db);
    },
    async attempts(subscriptionId, limit) {
      const { rows } = await sql<AttemptRow>`
        SELECT ${ATTEMPT_COLUMNS} FROM webhook_deliveries WHERE subscription_id = ${subscriptionId} ORDER BY id DESC LIMIT ${limit}`.execute(db);
      return rows.map(attemptOf);
    },
    async lastAttempt(subscriptionId, eventId) {
      const { rows } = await sql<AttemptRow>`
        SELECT ${ATTEMPT_COLUMNS} FROM webhook_deliveries WHERE subscription_id = ${subscriptionId} AND event_id = ${eventId}
        ORDER BY id DESC LIMIT 1`.execute(db);
      return rows[0] && attemptOf(rows[0]);
    },
    async pruneAttempts(before) {
      const result = await sql`DELETE FROM webhook_deliveries WHERE attempted_at < ${before}`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}

function subscriptionOf(row: SubscriptionRow): WebhookSubscription {
  return {
    id: row.id,
    ownerKeyId: row.owner_key_id,
    url: row.url,
    types: row.types,
    properties: row.properties,
    chains: row.chains,
    tolerance: Number(row.tolerance),
    afterSequence: Number(row.after_sequence),
    status: row.status,
    createdAt: row.created_at,
  };
}

function attemptOf(row: AttemptRow): DeliveryAttempt {
  return {
    subscriptionId: row.subscription_id,
    eventId: row.event_id,
    type: row.type,
    attempt: row.attempt,
    outcome: row.outcome,
    responseStatus: row.response_status,
    error: row.error,
    durationMs: row.duration_ms,
    attemptedAt: row.attempted_at,
    nextAttemptAt: row.next_attempt_at,
    event: row.event,
  };
}
