import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.js';

describe('BoundedCache', () => {
  it('creates a value once and then serves it from memory', () => {
    const cache = new BoundedCache<string, number>(10);
    let creations = 0;
    const length = (key: string) => {
      creations++;
      return key.length;
    };
    expect(cache.getOrCreate('hotel', length)).toBe(5);
    expect(cache.getOrCreate('hotel', length)).toBe(5);
    expect(creations).toBe(1);
  });

  it('never holds more than its capacity', () => {
    const cache = new BoundedCache<number, number>(3);
    for (let key = 0; key < 10; key++) {
      cache.getOrCreate(key, (k) => k * 2);
      expect(cache.size).toBeLessThanOrEqual(3);
    }
    expect(cache.getOrCreate(9, () => -1)).toBe(18);
  });
});
