/** Keys a bucket of the table remembers: four, so that a few keys sharing a bucket all stay. */
const WAYS = 4;

/**
 * A doorkeeper for a cache: remembers which keys were asked recently, by a 32-bit hash in a table
 * of fixed size, so that an entry is kept only once its key is asked a second time. A crowd of
 * questions each asked once (most shopper stays are) then costs no entries: what a cache keeps
 * lives long enough to be copied out of the young generation and collected later, at a cost
 * every request pays. The table takes no room per key. A key's hash goes to one bucket of four
 * slots, the bucket's oldest making way: with one slot a key, two keys of a set asked in turn
 * that shared it would push each other out for ever. A key pushed out counts as new again; two
 * keys of the same hash count as one (the second is kept at its first sight).
 */
export class SecondSight {
  readonly #hashes: Int32Array;
  /** Per bucket, the slot the next new key takes (its oldest). */
  readonly #next: Uint8Array;
  readonly #bucketMask: number;

  /** `slots` is rounded up to a power of two (at least one bucket). */
  constructor(slots: number) {
    const size = 2 ** Math.ceil(Math.log2(Math.max(WAYS, slots)));
    this.#hashes = new Int32Array(size);
    this.#next = new Uint8Array(size / WAYS);
    this.#bucketMask = size / WAYS - 1;
  }

  /** Whether `key` was asked before (recently); remembers that it now was. */
  askedBefore(key: string): boolean {
    // FNV-1a over the UTF-16 units; 0 marks an empty slot, so no hash is 0.
    let hash = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
    // Mixed (murmur3's finalizer): keys that differ in a digit or two must not share their low bits.
    hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
    hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
    hash ^= hash >>> 16;
    // The bucket from the low bits before the lowest is set: set, it would leave half the buckets unused.
    const bucket = hash & this.#bucketMask;
    hash |= 1;
    const first = bucket * WAYS;
    for (let slot = first; slot < first + WAYS; slot++) if (this.#hashes[slot] === hash) return true;
    const way = this.#next[bucket];
    this.#hashes[first + way] = hash;
    this.#next[bucket] = (way + 1) % WAYS;
    return false;
  }
}
