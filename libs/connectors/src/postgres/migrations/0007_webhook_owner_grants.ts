import { sql, type Kysely } from 'kysely';

/**
 * Deliveries judge events by the owner key's grants as they are now, so the copy of them taken at
 * subscription (`readable`) is no longer written or read. Not dropped yet: during a rolling
 * deploy the instances still running the previous release select and insert it. Its default
 * reads nothing, so such an instance delivers nothing to a subscription made by a newer one
 * (rather than everything); a later release drops the column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE webhook_subscriptions ALTER COLUMN readable SET DEFAULT '{"properties": [], "chains": []}'::jsonb`.execute(db);
}
