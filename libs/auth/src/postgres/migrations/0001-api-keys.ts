import { sql, type Kysely } from 'kysely';

/**
 * API keys and their secrets, and a trigger that announces every change of a key (NOTIFY
 * api_keys_changed, payload: the key id) so that running instances update at once. `last_used_at`
 * is left out of the trigger: it changes in batches all the time and nobody needs to hear of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('label', 'text', (column) => column.notNull())
    .addColumn('mode', 'text', (column) => column.notNull().check(sql`mode in ('live', 'test')`))
    .addColumn('grants', 'jsonb', (column) => column.notNull())
    .addColumn('rate_limit_max', 'integer', (column) => column.check(sql`rate_limit_max > 0`))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('api_key_secrets')
    .addColumn('hash', 'text', (column) => column.primaryKey().check(sql`hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('key_id', 'text', (column) => column.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addColumn('valid_until', 'timestamptz')
    .execute();
  await db.schema.createIndex('api_key_secrets_key_id').on('api_key_secrets').column('key_id').execute();

  await sql`
    create function api_keys_announce_change() returns trigger language plpgsql as $$
    begin
      -- The trigger's argument names the column that holds the key id.
      perform pg_notify('api_keys_changed', to_jsonb(coalesce(new, old)) ->> tg_argv[0]);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger api_keys_changed after insert or delete or update of label, mode, grants, rate_limit_max, expires_at, revoked_at
    on api_keys for each row execute function api_keys_announce_change('id')`.execute(db);
  await sql`
    create trigger api_key_secrets_changed after insert or update or delete
    on api_key_secrets for each row execute function api_keys_announce_change('key_id')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_key_secrets').execute();
  await db.schema.dropTable('api_keys').execute();
  await sql`drop function api_keys_announce_change()`.execute(db);
}
