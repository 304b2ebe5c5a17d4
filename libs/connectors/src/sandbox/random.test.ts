import { describe, expect, it } from 'vitest';
import { hashString, hashUnit, Random } from './random.js';

describe('Random', () => {
  it('gives the same stream for the same seed and another for another seed', () => {
    const draws = (seed: string) => {
      const random = new Random(seed);
      return Array.from({ length: 5 }, () => random.next());
    };
    expect(draws('ACME001')).toEqual(draws('ACME001'));
    expect(draws('ACME001')).not.toEqual(draws('ACME002'));
  });

  it('draws whole numbers within bounds, both ends included', () => {
    const random = new Random('bounds');
    const seen = new Set(Array.from({ length: 500 }, () => random.int(3, 8)));
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7, 8]);
  });

  it('samples distinct items in their original order', () => {
    const sample = new Random('sample').sample(['a', 'b', 'c', 'd', 'e'], 3);
    expect(new Set(sample).size).toBe(3);
    expect([...sample].sort()).toEqual(sample);
  });

  it('follows weights', () => {
    const random = new Random('weights');
    const picks = Array.from({ length: 2_000 }, () => random.weighted([['rare', 1], ['common', 9]] as const));
    const rare = picks.filter((pick) => pick === 'rare').length / picks.length;
    expect(rare).toBeGreaterThan(0.07);
    expect(rare).toBeLessThan(0.13);
  });
});

describe('hashUnit', () => {
  it('is a pure function of its inputs, uniform over [0, 1)', () => {
    const seed = hashString('ACME001');
    expect(hashUnit(seed, 1, 2, 3, 20_000)).toBe(hashUnit(seed, 1, 2, 3, 20_000));
    expect(hashUnit(seed, 1, 2, 3, 20_000)).not.toBe(hashUnit(seed, 1, 2, 3, 20_001));
    const values = Array.from({ length: 10_000 }, (_, day) => hashUnit(seed, 3, 0, 0, day));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(mean).toBeCloseTo(0.5, 1);
  });
});
