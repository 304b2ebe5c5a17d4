import { hashApiKey } from './api-key.js';
import { readKeyFile } from './key-file.js';
import { HashIndexedKeyStore, type KeyIndexEntry } from './key-store.js';
import type { StoredApiKey } from './key-record.js';
import { SANDBOX_API_KEYS } from './sandbox-keys.js';

/** Where the keys come from: the declarative key file, the sandbox keys, or both. */
export interface KeyStoreOptions {
  /** Path of the key file; a missing file, or none given, means no issued keys. */
  readonly file?: string;
  /** Adds the published sandbox keys. Never set this in production. */
  readonly sandbox: boolean;
}

/**
 * Loads the active keys once into a hash-indexed store. Revoked keys are left out, so a
 * revocation takes effect when the API next loads the file (at start).
 * Rejects with a `KeyFileError` naming the file and the problem when the file is invalid.
 */
export async function loadKeyStore({ file, sandbox }: KeyStoreOptions): Promise<HashIndexedKeyStore> {
  const entriesByHash = sandboxEntries(sandbox);
  if (file !== undefined) {
    const { keys } = await readKeyFile(file);
    for (const record of keys) {
      for (const [hash, entry] of entriesOf(record)) entriesByHash.set(hash, entry);
    }
  }
  return new HashIndexedKeyStore(entriesByHash);
}

/** The published sandbox keys, when sandbox mode is on. */
export function sandboxEntries(sandbox: boolean): Map<string, KeyIndexEntry> {
  const entries = new Map<string, KeyIndexEntry>();
  if (sandbox) for (const { key, ...principal } of SANDBOX_API_KEYS) entries.set(hashApiKey(key), { principal });
  return entries;
}

/** The secrets a stored key is accepted with: none once revoked; its retired ones until their grace ends. */
export function entriesOf(record: StoredApiKey): [string, KeyIndexEntry][] {
  if (record.revokedAt !== undefined) return [];
  const { id, label, mode, grants, scopes, rateLimitMax } = record;
  const principal = { keyId: id, label, mode, grants, scopes, ...(rateLimitMax === undefined ? {} : { rateLimitMax }) };
  const keyEnd = record.expiresAt === undefined ? undefined : Date.parse(record.expiresAt);
  const until = (secretEnd?: number) =>
    keyEnd === undefined ? secretEnd : secretEnd === undefined ? keyEnd : Math.min(keyEnd, secretEnd);
  const current: [string, KeyIndexEntry] = [record.hash, withEnd(principal, until())];
  return [current, ...(record.retiredSecrets ?? []).map(({ hash, validUntil }): [string, KeyIndexEntry] => [hash, withEnd(principal, until(Date.parse(validUntil)))])];
}

function withEnd(principal: KeyIndexEntry['principal'], validUntil: number | undefined): KeyIndexEntry {
  return validUntil === undefined ? { principal } : { principal, validUntil };
}
