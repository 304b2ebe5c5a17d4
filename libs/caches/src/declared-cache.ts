import { LRUCache } from 'lru-cache';
import { registered, type CacheDeclaration, type Registration } from './cache-registry.js';

/** What an instance may set beyond its declaration: a configured bound or TTL, sizes, a purge. */
export type CacheOptions<K extends NonNullable<unknown>, V extends NonNullable<unknown>> = Partial<LRUCache.Options<K, V, unknown>>;

/**
 * An LRU cache that counts its lookups for the metrics: `get` is a hit or a miss; `peek` and `has`
 * count nothing (they look without using).
 */
export class CountedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> extends LRUCache<K, V> {
  readonly #lookups: Registration;

  constructor(options: LRUCache.Options<K, V, unknown>, lookups: Registration) {
    super(options);
    this.#lookups = lookups;
  }

  override get(key: K, options?: LRUCache.GetOptions<K, V, unknown>): V | undefined {
    const value = super.get(key, options);
    if (value === undefined) this.#lookups.misses++;
    else this.#lookups.hits++;
    return value;
  }

  /** A `get` that is the cache's own upkeep, not a lookup: counted neither way. */
  getUncounted(key: K, options?: LRUCache.GetOptions<K, V, unknown>): V | undefined {
    return super.get(key, options);
  }

  /** The value for `key`, made by `create` and kept on a miss. */
  getOrCreate(key: K, create: (key: K) => V): V {
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    const created = create(key);
    this.set(key, created);
    return created;
  }
}

/**
 * lru-cache sets aside room for `max` entries when a cache is made (some 25 bytes each, and the
 * time to fill it), whether or not they ever come: the service makes dozens of caches at start (one
 * per route for checked inputs), most of which stay small. Above this bound the entries are
 * counted as a size of one each instead, which bounds them alike and takes room only as they come.
 */
const PREALLOCATED_ENTRIES = 256;
const oneEntry = (): number => 1;

/** A cache declared once, by name: every instance of it shares its bound, TTL, metrics and table row. */
export interface DeclaredCache {
  readonly declaration: CacheDeclaration;
  /** A new instance, bounded by the declaration (`options` may set a configured TTL or a size per entry). */
  create<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(options?: CacheOptions<K, V>): CountedCache<K, V>;
  /** Counts a lookup in a store this module does not hold (for one not converted yet). */
  countLookup(outcome: 'hit' | 'miss'): void;
}

/**
 * Declares a cache: its name (the `cache` label of the `hotelapi_cache_*` metrics, the row of
 * docs/OPERATIONS.md), what its key is made of, its bound, its TTL and what invalidates an entry.
 * Declare at module level; a name declared twice is refused.
 */
export function declareCache(declaration: CacheDeclaration): DeclaredCache {
  const registration = registered(declaration);
  return {
    declaration,
    create<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(options: CacheOptions<K, V> = {}) {
      const ttl = options.ttl ?? declaration.ttlMs;
      const maxSize = options.maxSize ?? declaration.maxSize?.limit;
      const max = options.max ?? declaration.max;
      const bound: CacheOptions<K, V> =
        maxSize === undefined && options.sizeCalculation === undefined && max > PREALLOCATED_ENTRIES
          ? { maxSize: max, sizeCalculation: oneEntry }
          : { max, maxSize };
      const settings = { ...options, ...bound, ttl: ttl !== undefined && ttl > 0 ? ttl : undefined };
      const cache = new CountedCache<K, V>(settings as LRUCache.Options<K, V, unknown>, registration);
      registration.track(cache);
      return cache;
    },
    countLookup(outcome) {
      if (outcome === 'hit') registration.hits++;
      else registration.misses++;
    },
  };
}
