/**
 * Deterministic randomness for the sandbox dataset.
 *
 * The sandbox must serve the same hotels, prices and reviews on every machine and in every run,
 * so nothing here reads `Math.random` or the clock. It offers two tools:
 * - `Random`, a seeded mulberry32 stream, for things generated in sequence once (a property's
 *   catalog entry, its reviews);
 * - `hashUnit`, a stateless hash of a few integers, for calendar values (price noise, inventory,
 *   closed dates, channel offsets) that must be computable for any single night on its own, so
 *   the cost of a request is per night asked and no calendar is ever pre-generated.
 * Both are a few lines on purpose: a dependency upgrade must never be able to change the data.
 * Neither is cryptographic.
 */

const UINT32 = 4_294_967_296;

/** murmur3's finalizer: spreads every input bit over the whole 32-bit word. */
function avalanche(hash: number): number {
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** murmur3's block step: folds one 32-bit value into a running hash. */
function fold(hash: number, value: number): number {
  let k = Math.imul(value | 0, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  hash ^= Math.imul(k, 0x1b873593);
  hash = (hash << 13) | (hash >>> 19);
  return (Math.imul(hash, 5) + 0xe6546b64) | 0;
}

/** A 32-bit seed from a text (FNV-1a, then avalanched so similar codes get unrelated seeds). */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return avalanche(hash);
}

/**
 * A uniform number in [0, 1) fixed by its inputs: a seed and up to four integers (for example a
 * property seed, a purpose, a room index and a day). Fixed arity keeps the hot path free of
 * allocations.
 */
export function hashUnit(seed: number, a: number, b = 0, c = 0, d = 0): number {
  return avalanche(fold(fold(fold(fold(seed, a), b), c), d)) / UINT32;
}

/** A seeded stream of uniform numbers (mulberry32) with the draws the generators need. */
export class Random {
  private state: number;

  constructor(seed: number | string) {
    this.state = typeof seed === 'string' ? hashString(seed) : seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / UINT32;
  }

  /** Uniform in [min, max). */
  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** A whole number in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Normally distributed around `mean` (Box-Muller). */
  normal(mean: number, deviation: number): number {
    const radius = Math.sqrt(-2 * Math.log(1 - this.next()));
    return mean + deviation * radius * Math.cos(2 * Math.PI * this.next());
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** One of the entries, each as likely as its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of entries) total += weight;
    let target = this.next() * total;
    for (const [item, weight] of entries) {
      target -= weight;
      if (target < 0) return item;
    }
    return entries[entries.length - 1][0];
  }

  /** `count` distinct items, in their original order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(count, items.length)) chosen.add(Math.floor(this.next() * items.length));
    return items.filter((_, index) => chosen.has(index));
  }
}
