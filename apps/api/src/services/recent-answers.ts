import type { DeclaredCache } from '@hotelapi/caches';
import { currentConnectorScope } from '@hotelapi/connectors';
import { sharedAnswers, type SharedAnswers } from './admission/single-flight.js';

interface KeptAnswer<T> {
  readonly answer: T;
  /** A data source failed while it was computed and a kept (stale) answer stood in. */
  readonly stale: boolean;
}

/**
 * Answers about one property given again, for a moment, to the same question: identical requests
 * arriving together share one computation, and a question asked a second time has its answer
 * kept for `ttlMs` (the chain answers' `sharedAnswers`, at the scale of one property). Most
 * stays are asked once, and keeping each answer from its first asking would cost every request
 * its collection later; a widget on a busy page and a polling client cost two computations. What may be reused is decided
 * by the caller's key, which must hold everything the answer depends on except the data itself;
 * the data may be up to `ttlMs` older than the source's. Failures are not kept.
 *
 * An answer computed while a source failed is kept with that fact: each request it is reused for
 * is marked stale too (`X-Data-Stale`, `metadata.stale`), as if it had read the kept answer itself.
 */
export class RecentAnswers<T> {
  private readonly shared: SharedAnswers<KeptAnswer<T>>;

  constructor(
    /** The cache's declaration: its bound, and its name in the metrics. */
    cache: DeclaredCache,
    /** How long a finished answer is reused, in milliseconds. */
    readonly ttlMs: number,
    /** An answer's weight, where the declaration bounds by size. */
    sizeOf: (answer: T) => number = () => 1,
  ) {
    this.shared = sharedAnswers({ cache, ttlMs, sizeOf: ({ answer }) => sizeOf(answer), keepAskedAgain: true });
  }

  async answer(key: string, compute: () => Promise<T>): Promise<T> {
    const kept = await this.shared(key, async () => {
      const answer = await compute();
      return { answer, stale: currentConnectorScope()?.stale === true };
    });
    const scope = currentConnectorScope();
    if (kept.stale && scope) scope.stale = true;
    return kept.answer;
  }
}
