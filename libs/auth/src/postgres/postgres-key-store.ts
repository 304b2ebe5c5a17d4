import type { Kysely } from 'kysely';
import pg from 'pg';
import { sandboxEntries } from '../file-key-store.js';
import { HashIndexedKeyStore, type ApiKeyPrincipal, type KeyIndexEntry } from '../key-store.js';
import { openKeyDatabase } from './migrate.js';
import { type ApiKeyRow, type AuthDatabase, KEYS_CHANGED_CHANNEL } from './schema.js';

export interface PostgresKeyStoreOptions {
  readonly connectionString: string;
  /** Adds the published sandbox keys. Never set this in production. */
  readonly sandbox: boolean;
  /** How often the last-used times gathered in memory are written, in one UPDATE. */
  readonly lastUsedFlushMs?: number;
  readonly log?: { warn(object: object, message: string): void; info(message: string): void };
}

const RECONNECT_DELAY_MS = 1_000;

/** One secret of a key that is not revoked, with what the key may do. */
type ActiveSecret = Pick<ApiKeyRow, 'id' | 'label' | 'mode' | 'grants' | 'scopes' | 'rate_limit_max' | 'expires_at'> & {
  readonly hash: string;
  readonly valid_until: Date | null;
};

/**
 * API keys kept in PostgreSQL, served from memory.
 *
 * Every request authenticates, so a key is never looked up in the database on the request path:
 * the store holds every active secret in memory (the same hash index as the file store) and
 * LISTENs on `api_keys_changed`, which the tables' trigger NOTIFYs with the key id on every
 * change. The key is then read again, so a revocation, a rotation or a new key reaches every
 * instance within milliseconds, with no polling and no restart. Expiry needs no message at all:
 * each secret carries its end, checked on every request.
 *
 * If the LISTEN connection drops, the store says so in `/readyz`, keeps serving the keys it
 * has, reconnects every second and reads every key again once back (changes made meanwhile are
 * not missed). Last-used times are gathered in memory and written in one UPDATE per interval.
 */
export class PostgresKeyStore extends HashIndexedKeyStore {
  readonly #db: Kysely<AuthDatabase>;
  readonly #options: PostgresKeyStoreOptions;
  readonly #hashesByKey = new Map<string, string[]>();
  readonly #used = new Set<string>();
  #listener: pg.Client | undefined;
  #listening = false;
  #closed = false;
  #reloads: Promise<void> = Promise.resolve();
  #reconnectTimer: NodeJS.Timeout | undefined;
  readonly #flushTimer: NodeJS.Timeout;

  private constructor(options: PostgresKeyStoreOptions) {
    super(sandboxEntries(options.sandbox));
    this.#options = options;
    this.#db = openKeyDatabase(options.connectionString, 2, (error) =>
      options.log?.warn({ err: { message: error.message } }, 'an idle connection to the key database was closed; the next query opens a new one'),
    );
    this.#flushTimer = setInterval(() => void this.flushLastUsed(), options.lastUsedFlushMs ?? 10_000).unref();
  }

  /** Connects, listens and loads every active key; rejects when PostgreSQL cannot be reached. */
  static async open(options: PostgresKeyStoreOptions): Promise<PostgresKeyStore> {
    const store = new PostgresKeyStore(options);
    try {
      await store.#listen();
    } catch (error) {
      await store.close();
      throw error;
    }
    return store;
  }

  override describe(): Record<string, string> {
    return { keys: this.#listening ? 'postgres' : 'postgres (change notifications lost; reconnecting)' };
  }

  protected override recordUse(principal: ApiKeyPrincipal): ApiKeyPrincipal {
    this.#used.add(principal.keyId);
    return principal;
  }

  /** Writes the gathered last-used times; ids whose write fails are kept for the next try. */
  async flushLastUsed(now = new Date()): Promise<void> {
    if (this.#used.size === 0) return;
    const ids = [...this.#used];
    this.#used.clear();
    try {
      await this.#db.updateTable('api_keys').set({ last_used_at: now }).where('id', 'in', ids).execute();
    } catch (error) {
      for (const id of ids) this.#used.add(id);
      this.#options.log?.warn({ err: { message: (error as Error).message } }, 'could not record when API keys were last used');
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#flushTimer);
    clearTimeout(this.#reconnectTimer);
    await this.flushLastUsed().catch(() => undefined);
    await this.#listener?.end().catch(() => undefined);
    await this.#db.destroy();
  }

  async #listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#options.connectionString });
    client.on('notification', ({ payload }) => {
      if (payload) this.#reloads = this.#reloads.then(() => this.#reload(payload)).catch((error: unknown) => this.#lost(client, error));
    });
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client));
    await client.connect();
    await client.query(`LISTEN ${KEYS_CHANGED_CHANNEL}`);
    this.#listener = client;
    // Loaded after LISTEN: a change made in between is announced, not lost.
    await this.#loadAll();
    if (!this.#listening && this.#reconnectTimer) this.#options.log?.info('API key change notifications restored');
    this.#listening = true;
  }

  #lost(client: pg.Client, error?: unknown): void {
    if (this.#closed || client !== this.#listener || this.#reconnectTimer) return;
    if (this.#listening) {
      this.#options.log?.warn({ err: error ? { message: (error as Error).message } : undefined }, 'API key change notifications lost; reconnecting');
    }
    this.#listening = false;
    client.removeAllListeners();
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    const retry = () => {
      this.#reconnectTimer = undefined;
      if (this.#closed) return;
      this.#listen().catch(() => (this.#reconnectTimer = setTimeout(retry, RECONNECT_DELAY_MS)));
    };
    this.#reconnectTimer = setTimeout(retry, RECONNECT_DELAY_MS);
  }

  async #loadAll(): Promise<void> {
    const rows = await this.#activeSecrets().execute();
    const fresh = new Map<string, string[]>();
    for (const row of rows) fresh.set(row.id, [...(fresh.get(row.id) ?? []), row.hash]);
    // Swapped in one synchronous step: a request never sees half a reload.
    for (const hashes of this.#hashesByKey.values()) for (const hash of hashes) this.removeEntry(hash);
    this.#hashesByKey.clear();
    this.#index(rows);
  }

  async #reload(keyId: string): Promise<void> {
    const rows = await this.#activeSecrets().where('api_keys.id', '=', keyId).execute();
    for (const hash of this.#hashesByKey.get(keyId) ?? []) this.removeEntry(hash);
    this.#hashesByKey.delete(keyId);
    this.#index(rows);
  }

  #index(rows: readonly ActiveSecret[]): void {
    for (const row of rows) {
      const principal: ApiKeyPrincipal = {
        keyId: row.id,
        label: row.label,
        mode: row.mode,
        grants: row.grants,
        scopes: row.scopes,
        ...(row.rate_limit_max === null ? {} : { rateLimitMax: row.rate_limit_max }),
      };
      const ends = [row.expires_at, row.valid_until].filter((end): end is Date => end !== null).map((end) => end.getTime());
      const entry: KeyIndexEntry = ends.length ? { principal, validUntil: Math.min(...ends) } : { principal };
      this.setEntry(row.hash, entry);
      this.#hashesByKey.set(row.id, [...(this.#hashesByKey.get(row.id) ?? []), row.hash]);
    }
  }

  /** Every secret of every key that is not revoked (expired ones are refused by their end). */
  #activeSecrets() {
    return this.#db
      .selectFrom('api_keys')
      .innerJoin('api_key_secrets', 'api_key_secrets.key_id', 'api_keys.id')
      .select([
        'api_keys.id',
        'api_keys.label',
        'api_keys.mode',
        'api_keys.grants',
        'api_keys.scopes',
        'api_keys.rate_limit_max',
        'api_keys.expires_at',
        'api_key_secrets.hash',
        'api_key_secrets.valid_until',
      ])
      .where('api_keys.revoked_at', 'is', null);
  }
}
