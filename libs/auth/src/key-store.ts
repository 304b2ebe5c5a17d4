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
  /**
   * The principal of an active key by its id, or `undefined` for an unknown, revoked or expired
   * one: webhook deliveries judge each event by the owner key's grants now, not when subscribed.
   */
  principalOfKey(keyId: string): ApiKeyPrincipal | undefined;
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
  readonly #entriesByHash = new Map<string, KeyIndexEntry>();
  /** The same entries by key id (a key has one secret, more during a rotation's grace period). */
  readonly #entriesByKey = new Map<string, Map<string, KeyIndexEntry>>();
  readonly #now: () => number;

  constructor(entriesByHash: ReadonlyMap<string, KeyIndexEntry> = new Map(), now: () => number = Date.now) {
    for (const [hash, entry] of entriesByHash) this.setEntry(hash, entry);
    this.#now = now;
  }

  /** How many secrets the store recognises (for the start-up log). */
  get size(): number {
    return this.#entriesByHash.size;
  }

  authenticate(presentedKey: string): ApiKeyPrincipal | undefined {
    if (!looksLikeApiKey(presentedKey)) return undefined;
    const entry = this.#entriesByHash.get(hashApiKey(presentedKey));
    if (!entry || !this.#valid(entry)) return undefined;
    this.recordUse(entry.principal);
    return entry.principal;
  }

  /** A key is active while one of its secrets is: the current one ends with the key (expiry). */
  principalOfKey(keyId: string): ApiKeyPrincipal | undefined {
    for (const entry of this.#entriesByKey.get(keyId)?.values() ?? []) if (this.#valid(entry)) return entry.principal;
    return undefined;
  }

  protected setEntry(hash: string, entry: KeyIndexEntry): void {
    this.removeEntry(hash);
    this.#entriesByHash.set(hash, entry);
    const { keyId } = entry.principal;
    const ofKey = this.#entriesByKey.get(keyId) ?? new Map<string, KeyIndexEntry>();
    this.#entriesByKey.set(keyId, ofKey.set(hash, entry));
  }

  protected removeEntry(hash: string): void {
    const entry = this.#entriesByHash.get(hash);
    if (!entry) return;
    this.#entriesByHash.delete(hash);
    const ofKey = this.#entriesByKey.get(entry.principal.keyId);
    ofKey?.delete(hash);
    if (ofKey?.size === 0) this.#entriesByKey.delete(entry.principal.keyId);
  }

  #valid(entry: KeyIndexEntry): boolean {
    return entry.validUntil === undefined || entry.validUntil > this.#now();
  }

  /** Called for every accepted key; stores that keep a last-used time override it. */
  protected recordUse(principal: ApiKeyPrincipal): ApiKeyPrincipal {
    return principal;
  }

  describe(): Record<string, string> {
    return { keys: 'file' };
  }
}
