import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entriesOf, loadKeyStore } from './file-key-store.js';
import { addKey, readKeyFile, revokeKey, rotateKey } from './key-file.js';
import { HashIndexedKeyStore } from './key-store.js';
import { SANDBOX_KEY, SANDBOX_KEY_GRANTS, SANDBOX_LIMITED_KEY, SANDBOX_LIMITED_KEY_GRANTS } from './sandbox-keys.js';

const NOW = new Date('2026-03-01T09:00:00.000Z');

let directory: string;
let file: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'key-store-'));
  file = join(directory, 'api-keys.json');
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('loadKeyStore', () => {
  it('authenticates an issued key as its principal, without secret or hash', async () => {
    const { key, record } = await addKey(file, { label: 'Revenue team', mode: 'live', grants: [{ kind: 'chain', code: 'ACME' }], now: NOW });
    const store = await loadKeyStore({ file, sandbox: false });

    expect(store.authenticate(key)).toEqual({ keyId: record.id, label: 'Revenue team', mode: 'live', grants: [{ kind: 'chain', code: 'ACME' }], scopes: ['read'] });
  });

  it('does not authenticate an unknown or malformed key', async () => {
    await addKey(file, { label: 'A', mode: 'live', grants: [{ kind: 'all' }], now: NOW });
    const store = await loadKeyStore({ file, sandbox: false });

    expect(store.authenticate('sk_live_0000000000000000000000000000000')).toBeUndefined();
    expect(store.authenticate('not a key')).toBeUndefined();
  });

  it('ignores revoked keys', async () => {
    const kept = await addKey(file, { label: 'Kept', mode: 'live', grants: [{ kind: 'all' }], now: NOW });
    const revoked = await addKey(file, { label: 'Gone', mode: 'live', grants: [{ kind: 'all' }], now: NOW });
    await revokeKey(file, revoked.record.id, NOW);
    const store = await loadKeyStore({ file, sandbox: false });

    expect(store.authenticate(revoked.key)).toBeUndefined();
    expect(store.authenticate(kept.key)?.keyId).toBe(kept.record.id);
    expect(store.size).toBe(1);
  });

  it('finds an active key by its id (for webhook deliveries); a revoked or unknown one is undefined', async () => {
    const kept = await addKey(file, { label: 'Kept', mode: 'live', grants: [{ kind: 'chain', code: 'ACME' }], now: NOW });
    const revoked = await addKey(file, { label: 'Gone', mode: 'live', grants: [{ kind: 'all' }], now: NOW });
    await revokeKey(file, revoked.record.id, NOW);
    const store = await loadKeyStore({ file, sandbox: true });

    expect(store.principalOfKey(kept.record.id)).toEqual(store.authenticate(kept.key));
    expect(store.principalOfKey(revoked.record.id)).toBeUndefined();
    expect(store.principalOfKey('key_000000000000')).toBeUndefined();
    expect(store.principalOfKey('key_sandbox')?.grants).toEqual(SANDBOX_KEY_GRANTS);
  });

  it('finds a key by its id until it expires, and after a rotation’s grace period ends', async () => {
    let now = NOW.getTime();
    const expiring = await addKey(file, { label: 'Short-lived', mode: 'live', grants: [{ kind: 'all' }], now: NOW, expiresAt: new Date(now + 60_000) });
    const rotating = await addKey(file, { label: 'Rotated', mode: 'live', grants: [{ kind: 'all' }], now: NOW });
    await rotateKey(file, rotating.record.id, { now: NOW, graceMs: 1_000 });
    const { keys } = await readKeyFile(file);
    const store = new HashIndexedKeyStore(new Map(keys.flatMap(entriesOf)), () => now);

    expect(store.principalOfKey(expiring.record.id)?.label).toBe('Short-lived');
    now += 60_000;
    expect(store.principalOfKey(expiring.record.id)).toBeUndefined();
    expect(store.authenticate(rotating.key)).toBeUndefined();
    expect(store.principalOfKey(rotating.record.id)?.label).toBe('Rotated');
  });

  it('adds the sandbox keys in sandbox mode only', async () => {
    const sandbox = await loadKeyStore({ sandbox: true });
    expect(sandbox.authenticate(SANDBOX_KEY)).toMatchObject({ mode: 'test', grants: SANDBOX_KEY_GRANTS });
    expect(sandbox.authenticate(SANDBOX_LIMITED_KEY)).toMatchObject({ mode: 'test', grants: SANDBOX_LIMITED_KEY_GRANTS });

    const production = await loadKeyStore({ file, sandbox: false });
    expect(production.authenticate(SANDBOX_KEY)).toBeUndefined();
    expect(production.authenticate(SANDBOX_LIMITED_KEY)).toBeUndefined();
  });

  it('serves issued and sandbox keys side by side in sandbox mode', async () => {
    const { key } = await addKey(file, { label: 'A', mode: 'test', grants: [{ kind: 'all' }], now: NOW });
    const store = await loadKeyStore({ file, sandbox: true });
    expect(store.authenticate(key)?.label).toBe('A');
    expect(store.authenticate(SANDBOX_KEY)).toBeDefined();
  });

  it('treats a missing file as an empty store', async () => {
    const store = await loadKeyStore({ file, sandbox: false });
    expect(store.size).toBe(0);
  });

  it('fails clearly on an invalid file, naming it and the zod issue', async () => {
    await writeFile(file, JSON.stringify({ version: 2, keys: [] }));
    await expect(loadKeyStore({ file, sandbox: true })).rejects.toThrow(
      new RegExp(`^Invalid API key file ${file}:\\n.*expected 1\\s+→ at version`, 's'),
    );
  });
});
