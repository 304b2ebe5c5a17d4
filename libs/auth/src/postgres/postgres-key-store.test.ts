import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKey, readKeyFile, revokeKey, rotateKey } from '../key-file.js';
import { migrateKeyStore, openKeyDatabase } from './migrate.js';
import { PostgresKeyAdmin } from './postgres-key-admin.js';
import { PostgresKeyStore } from './postgres-key-store.js';
import type { AuthDatabase } from './schema.js';
import { createTestDatabase, postgresAvailable } from './test-database.js';

const ALL = [{ kind: 'all' as const }];

/** Polls until `check` holds, for at most `withinMs`; returns how long it took. */
async function within(withinMs: number, check: () => boolean): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await delay(10);
  }
  return Date.now() - started;
}

describe.skipIf(!postgresAvailable())('API keys in PostgreSQL', () => {
  let database: { url: string; drop: () => Promise<void> };
  let db: Kysely<AuthDatabase>;
  let admin: PostgresKeyAdmin;
  let storeA: PostgresKeyStore;
  let storeB: PostgresKeyStore;

  beforeAll(async () => {
    database = await createTestDatabase('auth_keys');
    db = openKeyDatabase(database.url);
    await migrateKeyStore(db);
    await migrateKeyStore(db); // a second run has nothing to do
    admin = new PostgresKeyAdmin(db);
    // Two stores: two API instances.
    storeA = await PostgresKeyStore.open({ connectionString: database.url, sandbox: false, lastUsedFlushMs: 60_000 });
    storeB = await PostgresKeyStore.open({ connectionString: database.url, sandbox: true, lastUsedFlushMs: 60_000 });
  });
  afterAll(async () => {
    await storeA?.close();
    await storeB?.close();
    await db?.destroy();
    await database?.drop();
  });

  it('stores only the hash, and a new key works on every instance without a restart', async () => {
    const { key, record } = await admin.create({ label: 'Revenue team', mode: 'live', grants: ALL, now: new Date(), rateLimitMax: 50 });
    const secrets = await db.selectFrom('api_key_secrets').selectAll().where('key_id', '=', record.id).execute();
    expect(secrets.map((secret) => secret.hash)).toEqual([record.hash]);
    expect(JSON.stringify(await db.selectFrom('api_keys').selectAll().execute())).not.toContain(key);
    await within(1000, () => storeA.authenticate(key) !== undefined && storeB.authenticate(key) !== undefined);
    expect(storeA.authenticate(key)).toEqual({ keyId: record.id, label: 'Revenue team', mode: 'live', grants: ALL, scopes: ['read'], rateLimitMax: 50 });
    // Sandbox keys only where sandbox mode is on.
    expect(storeA.authenticate('sk_test_sandbox')).toBeUndefined();
    expect(storeB.authenticate('sk_test_sandbox')?.keyId).toBe('key_sandbox');
  });

  it('keeps the scopes of a write key, and keys without any read only', async () => {
    const writer = await admin.create({ label: 'Channel manager', mode: 'live', grants: [{ kind: 'chain', code: 'ACME' }], scopes: ['read', 'write'], now: new Date() });
    await within(1000, () => storeA.authenticate(writer.key) !== undefined);
    expect(storeA.authenticate(writer.key)?.scopes).toEqual(['read', 'write']);
    expect((await admin.list()).find((key) => key.id === writer.record.id)?.scopes).toEqual(['read', 'write']);
    // A scopes change reaches running instances like any other change of the key.
    await db.updateTable('api_keys').set({ scopes: JSON.stringify(['read']) }).where('id', '=', writer.record.id).execute();
    await within(1000, () => storeA.authenticate(writer.key)?.scopes?.length === 1 && storeB.authenticate(writer.key)?.scopes?.length === 1);
    expect(storeA.authenticate(writer.key)?.scopes).toEqual(['read']);
  });

  it('refuses a revoked key on every instance within a second', async () => {
    const { key, record } = await admin.create({ label: 'Nightly job', mode: 'live', grants: ALL, now: new Date() });
    await within(1000, () => storeA.authenticate(key) !== undefined && storeB.authenticate(key) !== undefined);
    expect(storeA.principalOfKey(record.id)).toEqual(storeA.authenticate(key));
    const revoked = await admin.revoke(record.id, new Date());
    expect(revoked.revokedAt).toBeDefined();
    const took = await within(1000, () => storeA.authenticate(key) === undefined && storeB.authenticate(key) === undefined);
    expect(took).toBeLessThan(1000);
    expect(storeA.principalOfKey(record.id)).toBeUndefined();
    // Revoking again keeps the first time.
    expect((await admin.revoke(record.id, new Date(Date.now() + 5000))).revokedAt).toBe(revoked.revokedAt);
  });

  it('refuses an expired key with no message needed', async () => {
    const { key, record } = await admin.create({ label: 'Short-lived', mode: 'test', grants: ALL, now: new Date(), expiresAt: new Date(Date.now() + 400) });
    await within(1000, () => storeA.authenticate(key) !== undefined);
    await within(1500, () => storeA.authenticate(key) === undefined);
    expect(storeA.principalOfKey(record.id)).toBeUndefined();
  });

  it('rotates: the new secret works at once, the old one until the grace period ends', async () => {
    const { key: oldKey, record } = await admin.create({ label: 'Widget server', mode: 'live', grants: ALL, now: new Date() });
    await within(1000, () => storeB.authenticate(oldKey) !== undefined);
    const { key: newKey } = await admin.rotate(record.id, { now: new Date(), graceMs: 600 });
    await within(1000, () => storeB.authenticate(newKey)?.keyId === record.id);
    expect(storeB.authenticate(oldKey)?.keyId).toBe(record.id);
    await within(1500, () => storeB.authenticate(oldKey) === undefined);
    expect(storeB.authenticate(newKey)?.keyId).toBe(record.id);
    expect(storeB.principalOfKey(record.id)?.label).toBe('Widget server');
  });

  it('writes last-used times in one batch, not per request', async () => {
    const { key, record } = await admin.create({ label: 'Batch', mode: 'live', grants: ALL, now: new Date() });
    await within(1000, () => storeA.authenticate(key) !== undefined);
    for (let i = 0; i < 20; i++) storeA.authenticate(key);
    const lastUsed = async () => (await admin.list()).find((listing) => listing.id === record.id)?.lastUsedAt;
    expect(await lastUsed()).toBeUndefined();
    await storeA.flushLastUsed();
    expect(await lastUsed()).toBeDefined();
  });

  it('survives PostgreSQL closing every connection (a restart, a failover), and goes on refusing and accepting keys', async () => {
    const { key, record } = await admin.create({ label: 'Survivor', mode: 'live', grants: ALL, now: new Date() });
    await within(1000, () => storeA.authenticate(key) !== undefined && storeB.authenticate(key) !== undefined);
    // Idle pool connections and the LISTEN connections of both stores, all at once.
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(db);
    // Both stores notice, listen again and reload every key; a revocation made after that arrives.
    await within(1000, () => storeA.describe().keys !== 'postgres' || storeB.describe().keys !== 'postgres').catch(() => undefined);
    await within(5000, () => storeA.describe().keys === 'postgres' && storeB.describe().keys === 'postgres');
    await admin.revoke(record.id, new Date());
    await within(1000, () => storeA.authenticate(key) === undefined && storeB.authenticate(key) === undefined);
    await storeA.flushLastUsed();
  });

  it('imports the keys of a key file, revoked and rotated ones included, once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'keys-import-'));
    const file = join(dir, 'api-keys.json');
    try {
      const kept = await addKey(file, { label: 'From file', mode: 'live', grants: [{ kind: 'chain', code: 'ACME' }], now: new Date() });
      const rotated = await rotateKey(file, kept.record.id, { now: new Date(), graceMs: 3_600_000 });
      const gone = await addKey(file, { label: 'Revoked in file', mode: 'live', grants: ALL, now: new Date() });
      await revokeKey(file, gone.record.id, new Date());

      const { keys } = await readKeyFile(file);
      expect(await admin.importKeys(keys)).toEqual({ imported: [kept.record.id, gone.record.id], skipped: [] });
      expect(await admin.importKeys(keys)).toEqual({ imported: [], skipped: [kept.record.id, gone.record.id] });
      await within(1000, () => storeA.authenticate(rotated.key)?.keyId === kept.record.id);
      expect(storeA.authenticate(kept.key)?.keyId).toBe(kept.record.id); // still in its grace period
      expect(storeA.authenticate(gone.key)).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
