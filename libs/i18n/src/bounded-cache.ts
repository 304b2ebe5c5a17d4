import { LRUCache } from 'lru-cache';

/**
 * A memo table that cannot grow without limit: the least recently used entry goes when it is
 * full. Keys can come from clients (header values, formatter keys), and a client must not be
 * able to grow our memory.
 */
export class BoundedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  readonly #entries: LRUCache<K, V>;

  /** @param capacity the most entries held at once. */
  constructor(capacity: number) {
    this.#entries = new LRUCache<K, V>({ max: capacity });
  }

  /** The cached value for `key`, created (and remembered) on a miss. */
  getOrCreate(key: K, create: (key: K) => V): V {
    const cached = this.#entries.get(key);
    if (cached !== undefined) return cached;
    const created = create(key);
    this.#entries.set(key, created);
    return created;
  }

  get size(): number {
    return this.#entries.size;
  }
}
