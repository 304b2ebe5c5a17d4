import type { ColumnType, Selectable } from 'kysely';
import type { ApiKeyMode } from '../api-key.js';
import type { Grant } from '../grants.js';
import type { Scope } from '../scopes.js';

/** One API key: who it is for and what it may do. Its secrets are in `api_key_secrets`. */
export interface ApiKeysTable {
  id: string;
  label: string;
  mode: ApiKeyMode;
  /** jsonb; written as JSON text (pg would send a JS array as a PostgreSQL array). */
  grants: ColumnType<Grant[], string, string>;
  /** jsonb, like grants; the database's default (`["read"]`) when not written. */
  scopes: ColumnType<Scope[], string | undefined, string>;
  rate_limit_max: number | null;
  created_at: ColumnType<Date, Date, never>;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: ColumnType<Date | null, never, Date>;
}

/**
 * The SHA-256 of each secret that opens a key: one normally, two during a rotation's grace
 * period, when the replaced secret has a `valid_until`.
 */
export interface ApiKeySecretsTable {
  hash: string;
  key_id: string;
  created_at: ColumnType<Date, Date, never>;
  valid_until: Date | null;
}

export interface AuthDatabase {
  api_keys: ApiKeysTable;
  api_key_secrets: ApiKeySecretsTable;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;

/** The channel on which every change to a key is announced, with the key id as payload. */
export const KEYS_CHANGED_CHANNEL = 'api_keys_changed';
