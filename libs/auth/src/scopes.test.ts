import { describe, expect, it } from 'vitest';
import { loadKeyStore } from './file-key-store.js';
import { KeyFileContents } from './key-record.js';
import { hasScope, parseScopes } from './scopes.js';

describe('scopes', () => {
  it('reads what maintainers type, once each, and refuses anything else', () => {
    expect(parseScopes('read')).toEqual(['read']);
    expect(parseScopes('read, write,write')).toEqual(['read', 'write']);
    expect(() => parseScopes('admin')).toThrow('Invalid scopes "admin"');
    expect(() => parseScopes('')).toThrow('Invalid scopes');
  });

  it('reads only when a principal carries no scopes', () => {
    expect(hasScope({}, 'read')).toBe(true);
    expect(hasScope({}, 'write')).toBe(false);
    expect(hasScope({ scopes: ['read', 'write'] }, 'write')).toBe(true);
  });

  it('gives a stored key written before scopes existed the read scope only', () => {
    const file = KeyFileContents.parse({
      version: 1,
      keys: [{ id: 'key_AAAAAAAAAAAA', label: 'Old', mode: 'live', hash: 'a'.repeat(64), grants: [{ kind: 'all' }], createdAt: '2026-01-01T00:00:00.000Z' }],
    });
    expect(file.keys[0]?.scopes).toEqual(['read']);
  });

  it('lets the sandbox key write and the limited sandbox key only read', async () => {
    const store = await loadKeyStore({ sandbox: true });
    const sandbox = store.authenticate('sk_test_sandbox');
    const limited = store.authenticate('sk_test_sandbox_limited');
    expect(sandbox && hasScope(sandbox, 'write')).toBe(true);
    expect(limited && hasScope(limited, 'write')).toBe(false);
    expect(limited && hasScope(limited, 'read')).toBe(true);
  });
});
