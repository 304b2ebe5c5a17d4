import { describe, expect, it } from 'vitest';
import { API_KEY_ID_PATTERN, generateApiKey, generateApiKeyId, hashApiKey, looksLikeApiKey } from './api-key.js';

describe('generateApiKey', () => {
  it('prefixes the mode and adds 32 base62 characters', () => {
    expect(generateApiKey('live')).toMatch(/^sk_live_[0-9A-Za-z]{32}$/);
    expect(generateApiKey('test')).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
  });

  it('never repeats itself over 1,000 keys', () => {
    const keys = new Set(Array.from({ length: 1_000 }, () => generateApiKey('live')));
    expect(keys.size).toBe(1_000);
  });

  it('uses the whole base62 alphabet', () => {
    const characters = new Set(
      Array.from({ length: 1_000 }, () => generateApiKey('test').slice('sk_test_'.length))
        .join('')
        .split(''),
    );
    expect(characters.size).toBe(62);
  });

  it('produces keys that pass its own syntactic check', () => {
    expect(looksLikeApiKey(generateApiKey('live'))).toBe(true);
  });
});

describe('generateApiKeyId', () => {
  it('is key_ and 12 base62 characters, distinct every time', () => {
    const ids = Array.from({ length: 1_000 }, generateApiKeyId);
    for (const id of ids) expect(id).toMatch(API_KEY_ID_PATTERN);
    expect(new Set(ids).size).toBe(1_000);
  });
});

describe('hashApiKey', () => {
  it('is the SHA-256 hex digest', () => {
    // FIPS 180-2 test vector for "abc".
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('is stable for a key and differs between keys', () => {
    const key = generateApiKey('live');
    expect(hashApiKey(key)).toBe(hashApiKey(key));
    expect(hashApiKey(key)).not.toBe(hashApiKey(generateApiKey('live')));
  });
});

describe('looksLikeApiKey', () => {
  it.each(['sk_test_sandbox', 'sk_test_sandbox_limited', 'sk_live_abcdef', `sk_live_${'a'.repeat(128)}`])('accepts %s', (value) => {
    expect(looksLikeApiKey(value)).toBe(true);
  });

  it.each([
    ['an empty value', ''],
    ['a secret of 5 characters', 'sk_live_abcde'],
    ['a secret of 129 characters', `sk_live_${'a'.repeat(129)}`],
    ['an unknown mode', 'sk_prod_abcdefgh'],
    ['an upper-case prefix', 'SK_LIVE_abcdefgh'],
    ['a character outside [A-Za-z0-9_]', 'sk_live_abc-defgh'],
    ['a whole Authorization value', 'Bearer sk_test_sandbox'],
    ['a trailing newline', 'sk_test_sandbox\n'],
    ['surrounding spaces', ' sk_test_sandbox '],
  ])('rejects %s', (_case, value) => {
    expect(looksLikeApiKey(value)).toBe(false);
  });
});
