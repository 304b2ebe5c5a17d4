import { hashApiKey } from './api-key.js';
import { readKeyFile } from './key-file.js';
import { HashIndexedKeyStore, type ApiKeyPrincipal } from './key-store.js';
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
  const principalsByHash = new Map<string, ApiKeyPrincipal>();

  if (sandbox) {
    for (const { key, ...principal } of SANDBOX_API_KEYS) principalsByHash.set(hashApiKey(key), principal);
  }
  if (file !== undefined) {
    const { keys } = await readKeyFile(file);
    for (const { id, label, mode, grants, hash, revokedAt } of keys) {
      if (revokedAt === undefined) principalsByHash.set(hash, { keyId: id, label, mode, grants });
    }
  }
  return new HashIndexedKeyStore(principalsByHash);
}
