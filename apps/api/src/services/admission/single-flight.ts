import type { DeclaredCache } from '@hotelapi/caches';

export interface SharedAnswerSettings<T> {
  /** The declared cache that keeps them: its bound, and its name in the metrics. */
  readonly cache: DeclaredCache;
  /** How long a finished answer is reused, in milliseconds; 0 shares only answers in progress. */
  readonly ttlMs: number;
  /**
   * An answer's weight, where the declaration bounds by size (an answer in progress weighs 1): a
   * count alone would let a few dozen large answers hold the heap.
   */
  readonly sizeOf?: (answer: T) => number;
}

/** The answer for `key`: one in progress or finished within the TTL if there is one, else `compute`'s. */
export type SharedAnswers<T> = (key: string, compute: () => Promise<T>) => Promise<T>;

/** Longest an answer in progress is shared; a computation is bounded far below it by the request timeout. */
const IN_FLIGHT_TTL_MS = 120_000;

/**
 * Single flight plus a short, bounded cache: identical questions arriving together (a widget on a
 * busy page, a retrying client, an agent asking twice) share one computation, and for `ttlMs`
 * after it the same answer. A failure is not kept: the next caller tries afresh. Lookups are
 * counted under the cache's declared name.
 */
export function sharedAnswers<T>({ cache, ttlMs, sizeOf = () => 1 }: SharedAnswerSettings<T>): SharedAnswers<T> {
  // Autopurge: a chain's answer is megabytes; expired ones must not wait for eviction.
  const answers = cache.create<string, Promise<T>>({ ttl: IN_FLIGHT_TTL_MS, ttlAutopurge: true });
  // lru-cache refuses a size where the declaration does not bound by size.
  const weighed = cache.declaration.maxSize !== undefined;
  return (key, compute) => {
    const shared = answers.get(key);
    if (shared) return shared;
    const answer = compute();
    answers.set(key, answer, weighed ? { size: 1 } : {});
    answer.then(
      (value) => {
        // Only the entry this call stored: a newer one for the key is left alone.
        if (answers.peek(key) !== answer) return;
        // Set afresh: lru-cache keeps the old size when the same value is set again. One larger
        // than the whole bound is not kept at all (lru-cache refuses it).
        answers.delete(key);
        if (ttlMs > 0) answers.set(key, answer, { ttl: ttlMs, ...(weighed && { size: Math.max(1, sizeOf(value)) }) });
      },
      () => {
        if (answers.peek(key) === answer) answers.delete(key);
      },
    );
    return answer;
  };
}
