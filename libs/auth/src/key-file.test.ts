import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashApiKey } from './api-key.js';
import { KeyFileError, addKey, listKeys, readKeyFile, revokeKey, writeKeyFile } from './key-file.js';

const CREATED = new Date('2026-03-01T09:00:00.000Z');
const REVOKED = new Date('2026-04-01T09:00:00.000Z');

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'key-file-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('readKeyFile', () => {
  it('treats a missing file as no keys', async () => {
    expect(await readKeyFile(join(directory, 'absent.json'))).toEqual({ version: 1, keys: [] });
  });

  it('names the file and the JSON problem for a file that is not JSON', async () => {
    const file = join(directory, 'keys.json');
    await writeFile(file, '{ "version": 1,');
    await expect(readKeyFile(file)).rejects.toThrow(`Invalid API key file ${file}:`);
  });

  it('names the file and the offending field for a file that breaks the schema', async () => {
    const file = join(directory, 'keys.json');
    await writeFile(file, JSON.stringify({ version: 1, keys: [{ id: 'key_000000000000', label: 'x', mode: 'prod' }] }));
    const error = await readKeyFile(file).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(KeyFileError);
    expect((error as KeyFileError).file).toBe(file);
    expect((error as Error).message).toMatch(new RegExp(`^Invalid API key file ${file}:\\n`));
    expect((error as Error).message).toContain('keys[0].mode');
  });

  it('rejects two keys with the same id', async () => {
    const file = join(directory, 'keys.json');
    const key = { id: 'key_000000000000', label: 'x', mode: 'live', grants: [{ kind: 'all' }], createdAt: CREATED.toISOString() };
    await writeFile(file, JSON.stringify({ version: 1, keys: [{ ...key, hash: 'a'.repeat(64) }, { ...key, hash: 'b'.repeat(64) }] }));
    await expect(readKeyFile(file)).rejects.toThrow('duplicate key id key_000000000000');
  });
});

describe('writeKeyFile', () => {
  it('creates the directory and leaves only the file, readable by its owner alone', async () => {
    const file = join(directory, 'nested', '.data', 'api-keys.json');
    await writeKeyFile(file, { version: 1, keys: [] });
    await writeKeyFile(file, { version: 1, keys: [] });

    expect(await readdir(join(directory, 'nested', '.data'))).toEqual(['api-keys.json']);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: 1, keys: [] });
  });

  it('leaves no temporary file behind when the rename fails', async () => {
    // A directory where the file should be makes the final rename fail.
    const file = join(directory, 'taken');
    await writeKeyFile(join(file, 'placeholder.json'), { version: 1, keys: [] });
    await expect(writeKeyFile(file, { version: 1, keys: [] })).rejects.toThrow(`Cannot write API key file ${file}`);
    expect(await readdir(directory)).toEqual(['taken']);
  });
});

describe('addKey', () => {
  it('returns the secret once and stores only its hash', async () => {
    const file = join(directory, 'keys.json');
    const { key, record } = await addKey(file, { label: 'Revenue team', mode: 'live', grants: [{ kind: 'chain', code: 'ACME' }], now: CREATED });

    expect(key).toMatch(/^sk_live_/);
    expect(record).toMatchObject({ label: 'Revenue team', mode: 'live', hash: hashApiKey(key), createdAt: CREATED.toISOString() });
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(key);
    expect(text).toContain(record.hash);
  });

  it('appends to the keys already there', async () => {
    const file = join(directory, 'keys.json');
    const first = await addKey(file, { label: 'A', mode: 'live', grants: [{ kind: 'all' }], now: CREATED });
    const second = await addKey(file, { label: 'B', mode: 'test', grants: [{ kind: 'all' }], now: CREATED });
    expect((await readKeyFile(file)).keys.map((key) => key.id)).toEqual([first.record.id, second.record.id]);
  });

  it('refuses a key without grants', async () => {
    await expect(addKey(join(directory, 'keys.json'), { label: 'A', mode: 'live', grants: [], now: CREATED })).rejects.toThrow(
      /Cannot create API key:\n.*→ at grants/s,
    );
  });
});

describe('listKeys and revokeKey', () => {
  it('lists keys without hashes and marks a revoked one', async () => {
    const file = join(directory, 'keys.json');
    const { record } = await addKey(file, { label: 'Revenue team', mode: 'live', grants: [{ kind: 'all' }], now: CREATED });

    const revoked = await revokeKey(file, record.id, REVOKED);
    expect(revoked).toEqual({ id: record.id, label: 'Revenue team', mode: 'live', grants: [{ kind: 'all' }], scopes: ['read'], createdAt: CREATED.toISOString(), revokedAt: REVOKED.toISOString() });
    expect(await listKeys(file)).toEqual([revoked]);
  });

  it('keeps the first revocation time when a key is revoked twice', async () => {
    const file = join(directory, 'keys.json');
    const { record } = await addKey(file, { label: 'A', mode: 'live', grants: [{ kind: 'all' }], now: CREATED });
    await revokeKey(file, record.id, REVOKED);
    expect((await revokeKey(file, record.id, new Date('2027-01-01T00:00:00Z'))).revokedAt).toBe(REVOKED.toISOString());
  });

  it('names an unknown key id and the file', async () => {
    const file = join(directory, 'keys.json');
    await expect(revokeKey(file, 'key_doesnotexist', REVOKED)).rejects.toThrow(`No API key with id key_doesnotexist in ${file}`);
  });
});
