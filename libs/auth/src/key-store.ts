import { type ApiKeyMode, hashApiKey, looksLikeApiKey } from './api-key.js';
import type { Grant, GrantHolder } from './grants.js';
import type { Scope, ScopeHolder } from './scopes.js';

/** Who is calling, once a key has been recognised. Carries neither the secret nor its hash. */
export interface ApiKeyPrincipal extends GrantHolder, ScopeHolder {
  /** Public key id, for logs and rate limiting. */
  readonly keyId: string;
  readonly label: string;
  readonly mode: ApiKeyMode;
  readonly grants: readonly Grant[];
  /** What it may do within its grants; absent means read only. */
  readonly scopes?: readonly Scope[];
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

/** A recognised secret: whose it is, and until when it is accepted (absent: no end). */
export interface KeyIndexEntry {
  readonly principal: ApiKeyPrincipal;
  readonly validUntil?: number;
}

/**
 * A key store indexed by key hash: authentication hashes the presented key and does one Map
 * lookup, O(1) however many keys there are. An entry past its `validUntil` (an expired key, or
 * a secret replaced by `rotate` whose grace period is over) is refused on the spot.
 *
 * Timing-safe enough without `timingSafeEqual`: the only comparison an attacker can time is
 * between the SHA-256 of the key they chose and the stored hashes. To learn anything from it
 * they would have to steer that digest towards a stored one byte by byte, which is a preimage
 * attack on SHA-256; the timing reveals nothing about the secrets themselves.
 */
export class HashIndexedKeyStore implements KeyStore {
  protected readonly entriesByHash: Map<string, KeyIndexEntry>;
  readonly #now: () => number;

  constructor(entriesByHash: Map<string, KeyIndexEntry> = new Map(), now: () => number = Date.now) {
    this.entriesByHash = entriesByHash;
    this.#now = now;
  }

  /** How many secrets the store recognises (for the start-up log). */
  get size(): number {
    return this.entriesByHash.size;
  }

  authenticate(presentedKey: string): ApiKeyPrincipal | undefined {
    if (!looksLikeApiKey(presentedKey)) return undefined;
    const entry = this.entriesByHash.get(hashApiKey(presentedKey));
    if (!entry || (entry.validUntil !== undefined && entry.validUntil <= this.#now())) return undefined;
    this.recordUse(entry.principal);
    return entry.principal;
  }

  /** Called for every accepted key; stores that keep a last-used time override it. */
  protected recordUse(principal: ApiKeyPrincipal): ApiKeyPrincipal {
    return principal;
  }

  describe(): Record<string, string> {
    return { keys: 'file' };
  }
}
