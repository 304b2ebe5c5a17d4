import { describe, expect, it } from 'vitest';
import { randomBase62 } from './random-base62.js';

describe('randomBase62', () => {
  it('returns exactly the requested length', () => {
    for (const length of [0, 1, 12, 32, 1_000]) expect(randomBase62(length)).toHaveLength(length);
  });

  it('draws every character equally often (no modulo bias)', () => {
    // Modulo bias would make 0-7 a quarter more frequent than the rest; sampling noise at this
    // size is about 1%, so a 5% band catches the bias and never trips on chance.
    const expectedPerCharacter = 10_000;
    const counts = new Map<string, number>();
    for (const character of randomBase62(62 * expectedPerCharacter)) counts.set(character, (counts.get(character) ?? 0) + 1);

    expect(counts.size).toBe(62);
    for (const count of counts.values()) {
      expect(Math.abs(count - expectedPerCharacter) / expectedPerCharacter).toBeLessThan(0.05);
    }
  });
});
