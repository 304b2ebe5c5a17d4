import { z } from 'zod';
import { API_KEY_ID_PATTERN, ApiKeyMode } from './api-key.js';
import { Grant } from './grants.js';
import { DEFAULT_SCOPES, Scope } from './scopes.js';

/**
 * One API key as the key file stores it. The secret itself is never stored: `hash` is its
 * SHA-256 (see `hashApiKey`), enough to recognise the key and useless for recreating it.
 */
export const StoredApiKey = z.object({
  /** Public id (`key_` + 12 base62), safe to show in lists and logs. */
  id: z.string().regex(API_KEY_ID_PATTERN, 'a key id such as key_8ZbXw2LqP0aF'),
  /** Who the key was issued to, for the maintainers' benefit ("Revenue team"). */
  label: z.string().trim().min(1),
  mode: ApiKeyMode,
  hash: z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 hex digest'),
  /** A key without grants could read nothing, so at least one is required. */
  grants: z.array(Grant).min(1),
  /** What the key may do within its grants; keys written before scopes existed read only. */
  scopes: z.array(Scope).min(1).default([...DEFAULT_SCOPES]),
  createdAt: z.iso.datetime(),
  /** Set once, when the key is revoked; revoked keys stay listed for the audit trail. */
  revokedAt: z.iso.datetime().optional(),
  /** After this instant the key is refused, like a revoked one. */
  expiresAt: z.iso.datetime().optional(),
  /** Requests per rate-limit window for this key, instead of the deployment's default. */
  rateLimitMax: z.number().int().positive().optional(),
  /** Secrets replaced by `rotate`, each still accepted until its grace period ends. */
  retiredSecrets: z.array(z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/), validUntil: z.iso.datetime() })).optional(),
  /** Last time the API accepted the key (kept by the PostgreSQL store, written in batches). */
  lastUsedAt: z.iso.datetime().optional(),
});
export type StoredApiKey = z.infer<typeof StoredApiKey>;

/** A stored key as lists show it: everything but the hash, which has no business on a screen. */
export const ApiKeyListing = StoredApiKey.omit({ hash: true, retiredSecrets: true });
export type ApiKeyListing = z.infer<typeof ApiKeyListing>;

/**
 * The declarative key file (`{ "version": 1, "keys": [...] }`). `version` lets a later format
 * be told apart from this one instead of being misread. Ids and hashes must be unique: a
 * duplicated id would make revocation ambiguous, a duplicated hash would make one secret
 * authenticate as two keys.
 */
export const KeyFileContents = z
  .object({
    version: z.literal(1),
    keys: z.array(StoredApiKey),
  })
  .superRefine(({ keys }, context) => {
    const seenIds = new Set<string>();
    const seenHashes = new Set<string>();
    keys.forEach(({ id, hash, retiredSecrets = [] }, index) => {
      if (seenIds.has(id)) context.addIssue({ code: 'custom', message: `duplicate key id ${id}`, path: ['keys', index, 'id'] });
      for (const each of [hash, ...retiredSecrets.map((secret) => secret.hash)]) {
        if (seenHashes.has(each)) context.addIssue({ code: 'custom', message: `duplicate key hash`, path: ['keys', index, 'hash'] });
        seenHashes.add(each);
      }
      seenIds.add(id);
    });
  });
export type KeyFileContents = z.infer<typeof KeyFileContents>;
