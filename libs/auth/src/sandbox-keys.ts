import type { Grant } from './grants.js';
import type { ApiKeyPrincipal } from './key-store.js';

/** A published sandbox key: the secret is public on purpose (README), so it lives in code. */
export interface SandboxApiKey extends ApiKeyPrincipal {
  readonly key: string;
}

/** Sandbox key that may read and write every property. */
export const SANDBOX_KEY = 'sk_test_sandbox';
export const SANDBOX_KEY_GRANTS: readonly Grant[] = [{ kind: 'all' }];

/**
 * Sandbox key that may only read, and only `ACME001` and the properties of chain `BLUE`, so integrators
 * can see a 403 (and the absence of a 404 for unknown codes) before they hold a real key.
 */
export const SANDBOX_LIMITED_KEY = 'sk_test_sandbox_limited';
export const SANDBOX_LIMITED_KEY_GRANTS: readonly Grant[] = [
  { kind: 'property', code: 'ACME001' },
  { kind: 'chain', code: 'BLUE' },
];

/** Both sandbox keys, added to the key store in sandbox mode only. */
export const SANDBOX_API_KEYS: readonly SandboxApiKey[] = [
  { key: SANDBOX_KEY, keyId: 'key_sandbox', label: 'Sandbox: every property', mode: 'test', grants: SANDBOX_KEY_GRANTS, scopes: ['read', 'write'] },
  {
    key: SANDBOX_LIMITED_KEY,
    keyId: 'key_sandbox_limited',
    label: 'Sandbox: ACME001 and chain BLUE',
    mode: 'test',
    grants: SANDBOX_LIMITED_KEY_GRANTS,
    scopes: ['read'],
  },
];
