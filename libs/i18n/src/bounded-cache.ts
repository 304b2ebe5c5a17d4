/**
 * A memo table that cannot grow without limit. When it is full it is emptied and refills with
 * whatever is hot now: cheaper than LRU bookkeeping, and on the paths that use it (header values,
 * formatter keys) the working set is far below the capacity, so a clear is rare. The ceiling is
 * what matters: keys can come from clients, and a client must not be able to grow our memory.
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #capacity: number;

  /** @param capacity the most entries held at once; reaching it empties the cache. */
  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  /** The cached value for `key`, created (and remembered) on a miss. */
  getOrCreate(key: K, create: (key: K) => V): V {
    const cached = this.#entries.get(key);
    if (cached !== undefined) return cached;
    if (this.#entries.size >= this.#capacity) this.#entries.clear();
    const created = create(key);
    this.#entries.set(key, created);
    return created;
  }

  get size(): number {
    return this.#entries.size;
  }
}
