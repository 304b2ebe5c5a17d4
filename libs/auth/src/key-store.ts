import { type ApiKeyMode, hashApiKey, looksLikeApiKey } from './api-key.js';
import type { Grant, GrantHolder } from './grants.js';

/** Who is calling, once a key has been recognised. Carries neither the secret nor its hash. */
export interface ApiKeyPrincipal extends GrantHolder {
  /** Public key id, for logs and rate limiting. */
  readonly keyId: string;
  readonly label: string;
  readonly mode: ApiKeyMode;
  readonly grants: readonly Grant[];
  /** Requests per rate-limit window for this key, when it differs from the deployment's default. */
  readonly rateLimitMax?: number;
}

/** Recognises presented API keys. Synchronous: it runs on every request. */
export interface KeyStore {
  /** The principal of an active key, or `undefined` for an unknown, revoked or malformed one. */
  authenticate(presentedKey: string): ApiKeyPrincipal | undefined;
  /** What `/readyz` shows about the store (for example `{ keys: 'postgres' }`). */
  describe?(): Record<string, string>;
  /** Releases connections and timers; the API calls it when it closes. */
  close?(): Promise<void>;
}

/**
 * A key store indexed by key hash: authentication hashes the presented key and does one Map
 * lookup, O(1) however many keys there are.
 *
 * Timing-safe enough without `timingSafeEqual`: the only comparison an attacker can time is
 * between the SHA-256 of the key they chose and the stored hashes. To learn anything from it
 * they would have to steer that digest towards a stored one byte by byte, which is a preimage
 * attack on SHA-256; the timing reveals nothing about the secrets themselves.
 */
export class HashIndexedKeyStore implements KeyStore {
  readonly #principalsByHash: ReadonlyMap<string, ApiKeyPrincipal>;

  constructor(principalsByHash: ReadonlyMap<string, ApiKeyPrincipal>) {
    this.#principalsByHash = principalsByHash;
  }

  /** How many active keys the store recognises (for the start-up log). */
  get size(): number {
    return this.#principalsByHash.size;
  }

  authenticate(presentedKey: string): ApiKeyPrincipal | undefined {
    if (!looksLikeApiKey(presentedKey)) return undefined;
    return this.#principalsByHash.get(hashApiKey(presentedKey));
  }
}
