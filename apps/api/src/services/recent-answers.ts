import type { CountedCache, DeclaredCache } from '@hotelapi/caches';
import { currentConnectorScope } from '@hotelapi/connectors';

/** Longest an answer in progress is shared; a computation is bounded far below it by the request timeout. */
const IN_FLIGHT_TTL_MS = 120_000;

interface KeptAnswer<T> {
  readonly answer: T;
  /** A data source failed while it was computed and a kept (stale) answer stood in. */
  readonly stale: boolean;
}

/**
 * Answers about one property given again, for a moment, to the same question: identical requests
 * arriving together share one computation, and for `ttlMs` after it its answer. A widget on a busy
 * page, a retrying client and an agent asking twice in one turn cost one computation. What may be
 * reused is decided by the caller's key, which must hold everything the answer depends on except
 * the data itself; the data may be up to `ttlMs` older than the source's. Failures are not kept.
 *
 * An answer computed while a source failed is kept with that fact: each request it is reused for
 * is marked stale too (`X-Data-Stale`, `metadata.stale`), as if it had read the kept answer itself.
 */
export class RecentAnswers<T> {
  private readonly kept: CountedCache<string, Promise<KeptAnswer<T>>>;
  /** Weighed only where the declaration bounds by size (lru-cache refuses a size otherwise). */
  private readonly weighed: boolean;

  constructor(
    /** The cache's declaration: its bound, and its name in the metrics. */
    cache: DeclaredCache,
    /** How long a finished answer is reused, in milliseconds; 0 shares only answers in progress. */
    readonly ttlMs: number,
    /** An answer's weight where the declaration bounds by size (an answer in progress weighs 1). */
    private readonly sizeOf: (answer: T) => number = () => 1,
  ) {
    // Autopurge: an expired answer must not wait for eviction to let go of its memory.
    this.kept = cache.create({ ttl: IN_FLIGHT_TTL_MS, ttlAutopurge: true });
    this.weighed = cache.declaration.maxSize !== undefined;
  }

  answer(key: string, compute: () => Promise<T>): Promise<T> {
    // Not async: a reused answer costs one promise step, not the three of an async function's await.
    return (this.kept.get(key) ?? this.shared(key, compute)).then(given);
  }

  /** Computes the answer, shared while in progress and kept for `ttlMs` once it is there. */
  private shared(key: string, compute: () => Promise<T>): Promise<KeptAnswer<T>> {
    const answer = compute().then((value) => ({ answer: value, stale: currentConnectorScope()?.stale === true }));
    this.kept.set(key, answer, this.weighed ? { size: 1 } : {});
    answer.then(
      (value) => {
        // Only the entry this call stored: a newer one for the key is left alone.
        if (this.kept.peek(key) !== answer) return;
        // Set afresh: lru-cache keeps the old size when the same value is set again. One larger
        // than the whole bound is not kept at all (lru-cache refuses it).
        this.kept.delete(key);
        if (this.ttlMs > 0) this.kept.set(key, answer, { ttl: this.ttlMs, ...(this.weighed && { size: Math.max(1, this.sizeOf(value.answer)) }) });
      },
      () => {
        if (this.kept.peek(key) === answer) this.kept.delete(key);
      },
    );
    return answer;
  }
}

/** The answer as this request is given it: marked stale if a kept (stale) answer went into it. */
function given<T>(kept: KeptAnswer<T>): T {
  const scope = currentConnectorScope();
  if (kept.stale && scope) scope.stale = true;
  return kept.answer;
}
