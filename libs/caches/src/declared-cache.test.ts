import { describe, expect, it } from 'vitest';
import { cacheFigures, declaredCaches } from './cache-registry.js';
import { declareCache } from './declared-cache.js';

const figuresOf = (name: string) => cacheFigures().find((figures) => figures.name === name);

describe('declareCache', () => {
  it('counts hits and misses of every instance under the cache’s name, and their entries', () => {
    const quotes = declareCache({ name: 'test-quotes', key: 'a stay', max: 10, invalidation: 'none' });
    const one = quotes.create<string, number>();
    const other = quotes.create<string, number>();
    one.set('a', 1);
    other.set('b', 2);
    other.set('c', 3);
    expect(one.get('a')).toBe(1);
    expect(one.get('b')).toBeUndefined();
    expect(other.peek('b')).toBe(2);
    expect(figuresOf('test-quotes')).toEqual({ name: 'test-quotes', hits: 1, misses: 1, entries: 3 });
  });

  it('keeps no more than the declared bound, however many keys arrive', () => {
    const cache = declareCache({ name: 'test-bounded', key: 'a number', max: 100, invalidation: 'none' }).create<number, number>();
    for (let key = 0; key < 10_000; key++) cache.set(key, key);
    expect(cache.size).toBe(100);
    expect(cache.peek(9_999)).toBe(9_999);
    expect(cache.peek(0)).toBeUndefined();
  });

  it('keeps a large bound too, least recently used out first, and with a TTL', () => {
    const cache = declareCache({ name: 'test-large', key: 'a number', max: 5_000, ttlMs: 60_000, invalidation: 'none' }).create<number, number>();
    for (let key = 0; key < 20_000; key++) {
      cache.set(key, key);
      if (key % 1_000 === 0) cache.get(0);
    }
    expect(cache.size).toBe(5_000);
    expect(cache.peek(0)).toBe(0);
    expect(cache.peek(1)).toBeUndefined();
    expect(cache.peek(19_999)).toBe(19_999);
    expect(cache.getRemainingTTL(19_999)).toBeGreaterThan(0);
  });

  it('bounds by size as declared, and takes a configured TTL', () => {
    const cache = declareCache({ name: 'test-sized', key: 'a text', max: 100, maxSize: { limit: 10, unit: 'characters' }, ttlMs: 60_000, invalidation: 'none' }).create<
      string,
      string
    >({ sizeCalculation: (text) => text.length, ttl: 5_000 });
    cache.set('a', 'abcdef');
    cache.set('b', 'ghijkl');
    expect([...cache.keys()]).toEqual(['b']);
    expect(cache.getRemainingTTL('b')).toBeLessThanOrEqual(5_000);
  });

  it('makes a missing value once, and looks without counting for its own upkeep', () => {
    const formats = declareCache({ name: 'test-made-once', key: 'a language', max: 4, invalidation: 'none' }).create<string, { language: string }>();
    const made = formats.getOrCreate('en', (language) => ({ language }));
    expect(formats.getOrCreate('en', () => ({ language: 'other' }))).toBe(made);
    expect(formats.getUncounted('en')).toBe(made);
    expect(figuresOf('test-made-once')).toMatchObject({ hits: 1, misses: 1, entries: 1 });
  });

  it('takes a configured bound in place of the declared default', () => {
    const cache = declareCache({ name: 'test-configured', key: 'k', max: 1_000, maxSetting: 'TEST_MAX', invalidation: 'none' }).create<number, number>({ max: 2 });
    for (let key = 0; key < 5; key++) cache.set(key, key);
    expect(cache.size).toBe(2);
  });

  it('counts lookups in a store it does not hold', () => {
    const elsewhere = declareCache({ name: 'test-elsewhere', key: 'a search', max: 1, invalidation: 'none' });
    elsewhere.countLookup('hit');
    elsewhere.countLookup('miss');
    elsewhere.countLookup('miss');
    expect(figuresOf('test-elsewhere')).toMatchObject({ hits: 1, misses: 2, entries: 0 });
  });

  it('refuses a name declared twice, or not in kebab-case', () => {
    declareCache({ name: 'test-once', key: 'k', max: 1, invalidation: 'none' });
    expect(() => declareCache({ name: 'test-once', key: 'k', max: 1, invalidation: 'none' })).toThrow(/declared twice/);
    expect(() => declareCache({ name: 'Test_Once', key: 'k', max: 1, invalidation: 'none' })).toThrow(/kebab-case/);
    expect(declaredCaches().filter((cache) => cache.name === 'test-once')).toHaveLength(1);
  });
});
