import { hash } from 'node:crypto';
import { z } from 'zod';
import { randomBase62 } from './random-base62.js';

/**
 * `live` keys serve production traffic; `test` keys are for integration work and the sandbox.
 * The mode is part of the key itself (`sk_live_` / `sk_test_`) so a leaked key tells at a
 * glance, to its finder and to secret scanners, what it can reach.
 */
export const ApiKeyMode = z.enum(['live', 'test']);
export type ApiKeyMode = z.infer<typeof ApiKeyMode>;

/** 32 base62 characters carry 32 × log2(62) ≈ 190 bits of entropy. */
const SECRET_LENGTH = 32;

/**
 * Public identifier of a key (`key_` + 12 base62): what lists, logs and revocation use, so the
 * secret itself never has to be written down anywhere after creation.
 */
export const API_KEY_ID_PATTERN = /^key_[A-Za-z0-9]{12}$/;
const KEY_ID_LENGTH = 12;

/**
 * The shape of anything worth looking up. Looser than what `generateApiKey` produces so that
 * the readable sandbox keys (`sk_test_sandbox`, `sk_test_sandbox_limited`) pass, and bounded so
 * that a garbage Bearer header is answered "malformed" without being hashed.
 */
const API_KEY_SHAPE = /^sk_(?:live|test)_[A-Za-z0-9_]{6,128}$/;

/** A fresh secret API key, for example `sk_live_3kTQ…` (prefix + 32 random base62 characters). */
export function generateApiKey(mode: ApiKeyMode): string {
  return `sk_${mode}_${randomBase62(SECRET_LENGTH)}`;
}

/** A fresh public key id, for example `key_8ZbXw2LqP0aF`. */
export function generateApiKeyId(): string {
  return `key_${randomBase62(KEY_ID_LENGTH)}`;
}

/**
 * SHA-256 of the key, as 64 lower-case hex characters: the only form in which a key is stored.
 *
 * A fast hash is the right tool here, as for GitHub and Stripe tokens. Slow password hashes
 * (bcrypt, scrypt, argon2) exist to make guessing low-entropy, human-chosen passwords
 * expensive; a 190-bit random secret cannot be guessed at any speed, so the slowness buys
 * nothing. It would cost a lot: every API request authenticates, and a deliberately slow hash
 * would add tens of milliseconds of CPU per call. It would also rule out what makes the store
 * fast, looking the key up by its hash: bcrypt salts every hash, so a presented key would have
 * to be compared against every stored one in turn.
 */
export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

/** Syntactic check only: whether `value` is shaped like an API key, before any lookup. */
export function looksLikeApiKey(value: string): boolean {
  return API_KEY_SHAPE.test(value);
}
