/**
 * A doorkeeper for a cache: remembers which keys were asked recently, by a 32-bit hash in a table
 * of fixed size, so that an entry is kept only once its key is asked a second time. A crowd of
 * questions each asked once (most shopper stays are) then costs no entries: what a cache keeps
 * lives long enough to be copied out of the young generation and collected later, at a cost
 * every request pays. The table takes no room per key. A key whose slot a later key took counts
 * as new again; two keys of the same hash count as one (the second is kept at its first sight).
 */
export class SecondSight {
  readonly #hashes: Int32Array;
  readonly #mask: number;

  /** `slots` is rounded up to a power of two: some times the cache's bound remembers its recent keys. */
  constructor(slots: number) {
    const size = 2 ** Math.ceil(Math.log2(Math.max(2, slots)));
    this.#hashes = new Int32Array(size);
    this.#mask = size - 1;
  }

  /** Whether `key` was asked before (recently); remembers that it now was. */
  askedBefore(key: string): boolean {
    // FNV-1a over the UTF-16 units; 0 marks an empty slot, so no hash is 0.
    let hash = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
    // Mixed (murmur3's finalizer): keys that differ in a digit or two must not share their low bits.
    hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
    hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
    hash = (hash ^ (hash >>> 16)) | 1;
    const slot = hash & this.#mask;
    if (this.#hashes[slot] === hash) return true;
    this.#hashes[slot] = hash;
    return false;
  }
}
