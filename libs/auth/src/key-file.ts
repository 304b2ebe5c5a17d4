import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { type ApiKeyMode, generateApiKey, generateApiKeyId, hashApiKey } from './api-key.js';
import type { Grant } from './grants.js';
import type { Scope } from './scopes.js';
import { ApiKeyListing, KeyFileContents, StoredApiKey } from './key-record.js';

/** The key file is missing a key, cannot be read, or does not hold a valid key list. */
export class KeyFileError extends Error {
  constructor(
    readonly file: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'KeyFileError';
  }
}

/** What `addKey` needs to issue a key; `now` is passed in so the creation time is testable. */
export interface NewApiKey {
  readonly label: string;
  readonly mode: ApiKeyMode;
  readonly grants: readonly Grant[];
  /** What the key may do within its grants; read only when absent. */
  readonly scopes?: readonly Scope[];
  readonly now: Date;
  /** When the key stops working by itself; none means never. */
  readonly expiresAt?: Date;
  /** Requests per rate-limit window, instead of the deployment's default. */
  readonly rateLimitMax?: number;
}

/** What `rotate` needs: how long the replaced secret keeps working, so clients can switch over. */
export interface Rotation {
  readonly now: Date;
  readonly graceMs: number;
}

/** A freshly issued key: `key` is the secret, to be shown once and then forgotten. */
export interface IssuedApiKey {
  readonly key: string;
  readonly record: StoredApiKey;
}

/** Reads and validates the key file. A missing file is an empty key list, not an error. */
export async function readKeyFile(path: string): Promise<KeyFileContents> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (isFileNotFound(error)) return { version: 1, keys: [] };
    throw new KeyFileError(path, `Cannot read API key file ${path}: ${(error as Error).message}`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new KeyFileError(path, `Invalid API key file ${path}: ${(error as Error).message}`, { cause: error });
  }
  const parsed = KeyFileContents.safeParse(json);
  if (!parsed.success) {
    throw new KeyFileError(path, `Invalid API key file ${path}:\n${z.prettifyError(parsed.error)}`, { cause: parsed.error });
  }
  return parsed.data;
}

/**
 * Replaces the key file atomically: the new contents go to a temporary file next to it, are
 * flushed to disk, and then renamed over the old file. A crash or a concurrent reader (the API
 * loading keys) therefore sees either the old list or the new one, never half a file. The file
 * is readable by its owner only (0600); its directory is created if needed (0700).
 */
export async function writeKeyFile(path: string, contents: KeyFileContents): Promise<void> {
  const valid = KeyFileContents.parse(contents);
  const directory = dirname(path);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const temporary = join(directory, `.${basename(path)}.${randomUUID()}.tmp`);
  try {
    const handle = await open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(valid, null, 2)}\n`, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw new KeyFileError(path, `Cannot write API key file ${path}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Issues a new key and records its hash (never the key) in the key file. Read, change, write:
 * there is no lock, as the command is run by hand; two maintainers creating keys in the same
 * instant could lose one of them (the loser's key would then simply not authenticate).
 */
export async function addKey(path: string, request: NewApiKey): Promise<IssuedApiKey> {
  const contents = await readKeyFile(path);
  const taken = new Set(contents.keys.map((key) => key.id));
  const issued = issueKey(request, (id) => taken.has(id));
  await writeKeyFile(path, { ...contents, keys: [...contents.keys, issued.record] });
  return issued;
}

/** A new key record and its secret, whatever the store; `taken` tells an id already in use. */
export function issueKey({ label, mode, grants, scopes, now, expiresAt, rateLimitMax }: NewApiKey, taken: (id: string) => boolean): IssuedApiKey {
  const key = generateApiKey(mode);
  // 71 random bits make a clash practically impossible, but a clash would break revocation.
  let id = generateApiKeyId();
  while (taken(id)) id = generateApiKeyId();
  const parsed = StoredApiKey.safeParse({
    id,
    label,
    mode,
    hash: hashApiKey(key),
    grants,
    ...(scopes ? { scopes } : {}),
    createdAt: now.toISOString(),
    ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}),
    ...(rateLimitMax === undefined ? {} : { rateLimitMax }),
  });
  if (!parsed.success) throw new Error(`Cannot create API key:\n${z.prettifyError(parsed.error)}`, { cause: parsed.error });
  return { key, record: parsed.data };
}

/**
 * Gives a key a new secret. The old one keeps working until the grace period ends, so the
 * clients using it can switch without an outage; the key id, grants and budget stay the same.
 */
export async function rotateKey(path: string, keyId: string, { now, graceMs }: Rotation): Promise<IssuedApiKey> {
  const contents = await readKeyFile(path);
  const target = contents.keys.find((key) => key.id === keyId);
  if (!target) throw new KeyFileError(path, `No API key with id ${keyId} in ${path}`);
  if (target.revokedAt) throw new KeyFileError(path, `${keyId} is revoked: create a new key instead`);
  const key = generateApiKey(target.mode);
  const validUntil = new Date(now.getTime() + graceMs).toISOString();
  const stillValid = (target.retiredSecrets ?? []).filter((secret) => Date.parse(secret.validUntil) > now.getTime());
  const record: StoredApiKey = { ...target, hash: hashApiKey(key), retiredSecrets: [...stillValid, { hash: target.hash, validUntil }] };
  await writeKeyFile(path, { ...contents, keys: contents.keys.map((each) => (each === target ? record : each)) });
  return { key, record };
}

/** Every key in the file, revoked ones included, without their hashes. */
export async function listKeys(path: string): Promise<ApiKeyListing[]> {
  const { keys } = await readKeyFile(path);
  return keys.map(withoutHash);
}

/**
 * Marks a key revoked. Revoking it again keeps the first revocation time, which is the one
 * that matters for an audit, and leaves the file untouched.
 */
export async function revokeKey(path: string, keyId: string, now: Date): Promise<ApiKeyListing> {
  const contents = await readKeyFile(path);
  const target = contents.keys.find((key) => key.id === keyId);
  if (!target) throw new KeyFileError(path, `No API key with id ${keyId} in ${path}`);
  if (target.revokedAt) return withoutHash(target);

  const revokedAt = now.toISOString();
  await writeKeyFile(path, {
    ...contents,
    keys: contents.keys.map((key) => (key === target ? { ...key, revokedAt } : key)),
  });
  return withoutHash({ ...target, revokedAt });
}

/** Strips the hash (zod drops keys its schema does not name). */
function withoutHash(record: StoredApiKey): ApiKeyListing {
  return ApiKeyListing.parse(record);
}

function isFileNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
