import { SecondSight, type DeclaredCache } from '@hotelapi/caches';

export interface SharedAnswerSettings<T> {
  /** The declared cache that keeps them: its bound, and its name in the metrics. */
  readonly cache: DeclaredCache;
  /** How long a finished answer is reused, in milliseconds; 0 shares only answers in progress. */
  readonly ttlMs: number;
  /**
   * An answer's weight, where the declaration bounds by size: a count alone would let a few dozen
   * large answers hold the heap.
   */
  readonly sizeOf?: (answer: T) => number;
  /**
   * Keep a finished answer only when its question was asked before (`SecondSight`): for answers
   * that are cheap to compute and mostly asked once (a property's shopper stays), keeping each
   * would cost every request its copying out of the young generation and its collection later.
   */
  readonly keepAskedAgain?: boolean;
}

/** The answer for `key`: one in progress or finished within the TTL if there is one, else `compute`'s. */
export type SharedAnswers<T> = (key: string, compute: () => Promise<T>) => Promise<T>;

/**
 * Single flight plus a short, bounded cache: identical questions arriving together (a widget on a
 * busy page, a retrying client, an agent asking twice) share one computation, and for `ttlMs`
 * after it the same answer. A failure is not kept: the next caller tries afresh. Lookups are
 * counted under the cache's declared name; its entries are the finished answers.
 *
 * Answers in progress are held apart, each until it settles: they are as many as the requests
 * being served, and keeping them in the cache would mean storing every answer twice.
 */
export function sharedAnswers<T>({ cache, ttlMs, sizeOf = () => 1, keepAskedAgain = false }: SharedAnswerSettings<T>): SharedAnswers<T> {
  const inProgress = new Map<string, Promise<T>>();
  const finished = ttlMs > 0 ? cache.create<string, Promise<T>>({ ttl: ttlMs }) : undefined;
  const seen = keepAskedAgain && finished ? new SecondSight(cache.declaration.max) : undefined;
  const purge = finished && expiredPurge(finished, ttlMs);
  // lru-cache refuses a size where the declaration does not bound by size.
  const weighed = cache.declaration.maxSize !== undefined;
  return (key, compute) => {
    const shared = inProgress.get(key);
    if (shared) {
      cache.countLookup('hit');
      return shared;
    }
    const kept = finished ? finished.get(key) : (cache.countLookup('miss'), undefined);
    if (kept) return kept;
    const answer = compute();
    inProgress.set(key, answer);
    const keep = seen ? seen.askedBefore(key) : true;
    answer.then(
      (value) => {
        if (inProgress.get(key) === answer) inProgress.delete(key);
        if (!finished || !purge || !keep) return;
        // One larger than the whole bound is not kept at all (lru-cache refuses it).
        finished.set(key, answer, weighed ? { size: Math.max(1, sizeOf(value)) } : {});
        purge();
      },
      () => {
        if (inProgress.get(key) === answer) inProgress.delete(key);
      },
    );
    return answer;
  };
}

/**
 * Expired answers dropped within about a TTL of expiring by one timer for the cache, not one per
 * answer: a chain's answer is megabytes, and must not wait for eviction.
 */
function expiredPurge(finished: { purgeStale(): boolean; readonly size: number }, ttlMs: number): () => void {
  let timer: NodeJS.Timeout | undefined;
  const sweep = () => {
    timer = undefined;
    finished.purgeStale();
    if (finished.size > 0) schedule();
  };
  const schedule = () => {
    timer ??= setTimeout(sweep, ttlMs).unref();
  };
  return schedule;
}
