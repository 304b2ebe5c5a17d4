import type { Kysely } from 'kysely';
import { type IssuedApiKey, issueKey, type NewApiKey, type Rotation } from '../key-file.js';
import { ApiKeyListing, type StoredApiKey } from '../key-record.js';
import { generateApiKey, hashApiKey } from '../api-key.js';
import type { KeyAdmin } from '../key-admin.js';
import type { ApiKeyRow, AuthDatabase } from './schema.js';

/** A key id that is not in the store, or a change a key's state does not allow. */
export class KeyStoreError extends Error {
  override readonly name = 'KeyStoreError';
}

/**
 * Maintainers' operations on the PostgreSQL key store (`npm run keys`). Every change fires the
 * tables' trigger, which tells the running instances at once (see `PostgresKeyStore`).
 */
export class PostgresKeyAdmin implements KeyAdmin {
  readonly where = 'PostgreSQL';

  constructor(private readonly db: Kysely<AuthDatabase>) {}

  async close(): Promise<void> {
    await this.db.destroy();
  }

  async create(request: NewApiKey): Promise<IssuedApiKey> {
    // The id is random enough (71 bits) that the primary key, not a lookup, guards against a clash.
    const issued = issueKey(request, () => false);
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('api_keys').values(keyRow(issued.record)).execute();
      await trx.insertInto('api_key_secrets').values({ hash: issued.record.hash, key_id: issued.record.id, created_at: request.now, valid_until: null }).execute();
    });
    return issued;
  }

  async list(): Promise<ApiKeyListing[]> {
    const rows = await this.db.selectFrom('api_keys').selectAll().orderBy('created_at').orderBy('id').execute();
    return rows.map(listing);
  }

  /** Revoking again keeps the first revocation time, the one an audit needs. */
  async revoke(keyId: string, now: Date): Promise<ApiKeyListing> {
    const row = await this.db
      .updateTable('api_keys')
      .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(now)) }))
      .where('id', '=', keyId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new KeyStoreError(`No API key with id ${keyId}`);
    return listing(row);
  }

  /**
   * A new secret for the key; the secrets it had stay valid until the grace period ends (or
   * their own earlier end), so clients can switch over without an outage.
   */
  async rotate(keyId: string, { now, graceMs }: Rotation): Promise<IssuedApiKey> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('api_keys').selectAll().where('id', '=', keyId).forUpdate().executeTakeFirst();
      if (!row) throw new KeyStoreError(`No API key with id ${keyId}`);
      if (row.revoked_at) throw new KeyStoreError(`${keyId} is revoked: create a new key instead`);
      const graceEnd = new Date(now.getTime() + graceMs);
      await trx
        .updateTable('api_key_secrets')
        .set({ valid_until: graceEnd })
        .where('key_id', '=', keyId)
        .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', graceEnd)]))
        .execute();
      const key = generateApiKey(row.mode);
      await trx.insertInto('api_key_secrets').values({ hash: hashApiKey(key), key_id: keyId, created_at: now, valid_until: null }).execute();
      return { key, record: { ...toRecord(row), hash: hashApiKey(key) } };
    });
  }

  /** Copies keys from the file store; a key id already present is left as it is. */
  async importKeys(records: readonly StoredApiKey[]): Promise<{ imported: string[]; skipped: string[] }> {
    const imported: string[] = [];
    const skipped: string[] = [];
    await this.db.transaction().execute(async (trx) => {
      for (const record of records) {
        const inserted = await trx.insertInto('api_keys').values(keyRow(record)).onConflict((oc) => oc.column('id').doNothing()).returning('id').executeTakeFirst();
        if (!inserted) {
          skipped.push(record.id);
          continue;
        }
        const createdAt = new Date(record.createdAt);
        await trx
          .insertInto('api_key_secrets')
          .values([
            { hash: record.hash, key_id: record.id, created_at: createdAt, valid_until: null },
            ...(record.retiredSecrets ?? []).map((secret) => ({ hash: secret.hash, key_id: record.id, created_at: createdAt, valid_until: new Date(secret.validUntil) })),
          ])
          .execute();
        imported.push(record.id);
      }
    });
    return { imported, skipped };
  }
}

function keyRow(record: StoredApiKey) {
  return {
    id: record.id,
    label: record.label,
    mode: record.mode,
    grants: JSON.stringify(record.grants),
    scopes: JSON.stringify(record.scopes),
    rate_limit_max: record.rateLimitMax ?? null,
    created_at: new Date(record.createdAt),
    expires_at: record.expiresAt ? new Date(record.expiresAt) : null,
    revoked_at: record.revokedAt ? new Date(record.revokedAt) : null,
  };
}

function listing(row: ApiKeyRow): ApiKeyListing {
  return ApiKeyListing.parse(toRecord(row));
}

function toRecord(row: ApiKeyRow): Omit<StoredApiKey, 'hash'> {
  return {
    id: row.id,
    label: row.label,
    mode: row.mode,
    grants: row.grants,
    scopes: row.scopes,
    createdAt: row.created_at.toISOString(),
    ...(row.revoked_at ? { revokedAt: row.revoked_at.toISOString() } : {}),
    ...(row.expires_at ? { expiresAt: row.expires_at.toISOString() } : {}),
    ...(row.rate_limit_max === null ? {} : { rateLimitMax: row.rate_limit_max }),
    ...(row.last_used_at ? { lastUsedAt: row.last_used_at.toISOString() } : {}),
  };
}
