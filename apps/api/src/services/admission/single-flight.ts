import { LRUCache } from 'lru-cache';

export interface SharedAnswerSettings<T> {
  /** How long a finished answer is reused, in milliseconds; 0 shares only answers in progress. */
  readonly ttlMs: number;
  /** Most answers kept at once. */
  readonly max: number;
  /**
   * Bound on the finished answers kept, in the units of `sizeOf` (an answer in progress weighs 1):
   * a count alone would let a few dozen large answers hold the heap.
   */
  readonly maxSize: number;
  readonly sizeOf: (answer: T) => number;
}

/** The answer for `key`: one in progress or finished within the TTL if there is one, else `compute`'s. */
export type SharedAnswers<T> = (key: string, compute: () => Promise<T>) => Promise<T>;

/** Longest an answer in progress is shared; a computation is bounded far below it by the request timeout. */
const IN_FLIGHT_TTL_MS = 120_000;

/**
 * Single flight plus a short, bounded cache: identical requests arriving together (a widget on a
 * busy page, a retrying client) share one computation, and for `ttlMs` after it the same answer.
 * A failure is not kept: the next caller tries afresh. `onLookup` counts hits for the metrics.
 */
export function sharedAnswers<T>(settings: SharedAnswerSettings<T>, onLookup: (outcome: 'hit' | 'miss') => void = () => undefined): SharedAnswers<T> {
  // Autopurge: a chain's answer is a megabyte of JSON; expired ones must not wait for eviction.
  const answers = new LRUCache<string, Promise<T>>({ max: settings.max, maxSize: settings.maxSize, ttl: IN_FLIGHT_TTL_MS, ttlAutopurge: true });
  return (key, compute) => {
    const shared = answers.get(key);
    onLookup(shared ? 'hit' : 'miss');
    if (shared) return shared;
    const answer = compute();
    answers.set(key, answer, { size: 1 });
    answer.then(
      (value) => {
        // Only the entry this call stored: a newer one for the key is left alone.
        if (answers.peek(key) !== answer) return;
        // Set afresh: lru-cache keeps the old size when the same value is set again. One larger
        // than the whole bound is not kept at all (lru-cache refuses it).
        answers.delete(key);
        if (settings.ttlMs > 0) answers.set(key, answer, { ttl: settings.ttlMs, size: Math.max(1, settings.sizeOf(value)) });
      },
      () => {
        if (answers.peek(key) === answer) answers.delete(key);
      },
    );
    return answer;
  };
}
