import { describe, expect, it } from 'vitest';
import { cacheTable } from './cache-table.js';

describe('cacheTable', () => {
  it('writes one row a cache: name, key, bound, TTL, invalidation', () => {
    const table = cacheTable([
      { name: 'shopper-answers', key: 'property, language, query', max: 1_000, ttlMs: 2_000, ttlSetting: 'PROPERTY_ANSWER_CACHE_MS', invalidation: 'expires' },
      { name: 'review-pages', key: 'property, filters', max: 64, maxSize: { limit: 10_000, unit: 'reviews' }, invalidation: 'data version' },
      { name: 'parsed-dates', key: 'date text', max: 4_096, ttlMs: 250, invalidation: 'none' },
      { name: 'stale-answers', key: 'call', max: 50_000, maxSetting: 'STALE_MAX', ttlMs: 900_000, invalidation: 'next good answer' },
    ]);
    expect(table.split('\n')).toEqual([
      '| Cache | Key | Bound (each instance) | TTL | Invalidation |',
      '| --- | --- | --- | --- | --- |',
      '| `shopper-answers` | property, language, query | 1,000 entries | `PROPERTY_ANSWER_CACHE_MS` (default 2 s) | expires |',
      '| `review-pages` | property, filters | 64 entries and 10,000 reviews | none | data version |',
      '| `parsed-dates` | date text | 4,096 entries | 250 ms | none |',
      '| `stale-answers` | call | `STALE_MAX` (default 50,000) entries | 15 min | next good answer |',
    ]);
  });
});
