import { sql, type Kysely } from 'kysely';

/**
 * What each key may do within its grants (`["read"]`, `["read","write"]`). Existing keys read
 * only, as they did. The change trigger is redeclared so that a change of scopes reaches every
 * instance like a change of grants.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .addColumn('scopes', 'jsonb', (column) => column.notNull().defaultTo(sql`'["read"]'::jsonb`))
    .execute();
  await sql`drop trigger api_keys_changed on api_keys`.execute(db);
  await sql`
    create trigger api_keys_changed after insert or delete or update of label, mode, grants, scopes, rate_limit_max, expires_at, revoked_at
    on api_keys for each row execute function api_keys_announce_change('id')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger api_keys_changed on api_keys`.execute(db);
  await sql`
    create trigger api_keys_changed after insert or delete or update of label, mode, grants, rate_limit_max, expires_at, revoked_at
    on api_keys for each row execute function api_keys_announce_change('id')`.execute(db);
  await db.schema.alterTable('api_keys').dropColumn('scopes').execute();
}
