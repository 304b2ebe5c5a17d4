import { canReadProperty } from '@hotelapi/auth';
import type { Property } from '@hotelapi/connectors';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { principalOf } from '../http/plugins/api-key-auth.js';
import type { ApiServices } from '../services/context.js';
import type { RecentAnswers } from '../services/recent-answers.js';

/** A request about one property, its code in the path. */
type PropertyRequest = FastifyRequest & { readonly params: { readonly code: string } };

/** What a request was given: the answer, and the property it is about. */
export interface GivenAnswer<Answer> {
  readonly property: Property;
  readonly answer: Answer;
}

interface Remembered<Answer extends object> {
  readonly property: Property;
  /** Weak: the answers themselves stay bounded by `RecentAnswers` (a page of reviews is large). */
  readonly answer: WeakRef<Answer>;
  /** `Date.now()` after which it is not given again (lru-cache's own TTL costs more per lookup). */
  readonly until: number;
}

/** Most requests remembered per route; an entry is a URL and two references. */
const MAX_REQUESTS = 1_000;

/**
 * The answers of the last moment, found again by the next request that asks the same thing: the
 * same URL as sent, in the same language, by a key that may read the property. Such a request
 * skips the property lookup and the answer lookup of `RecentAnswers` (its key written from the
 * parsed query), work that costs a repeated request more under load than in a loop. A widget
 * on a busy page, a dashboard refreshing and a retrying client ask exactly the same URL.
 *
 * An answer is found no longer than `RecentAnswers` reuses it (`ttlMs`), and never one a failing
 * source's kept answer went into (such a request goes the whole way, and is marked stale there).
 * The route still checks what depends on the moment (a stay against the property's today).
 */
export class RepeatedRequests<Answer extends object> {
  private readonly remembered: LRUCache<string, Remembered<Answer>> | undefined;

  constructor(
    private readonly services: Pick<ApiServices, 'directory'>,
    /** The answers the route's service reuses: found here for as long as reused there, and counted with them. */
    private readonly recent: RecentAnswers<Answer>,
  ) {
    this.remembered = recent.ttlMs > 0 ? new LRUCache({ max: MAX_REQUESTS }) : undefined;
  }

  /** What the same request was given a moment ago, if the caller's key may read the property. */
  find(request: PropertyRequest): GivenAnswer<Answer> | undefined {
    if (!this.remembered || !canReadProperty(principalOf(request), request.params.code, this.services.directory.chainOf)) return undefined;
    const remembered = this.remembered.get(keyOf(request));
    if (!remembered || remembered.until < Date.now()) return undefined;
    const answer = remembered.answer.deref();
    if (!answer) return undefined;
    this.recent.countReuse();
    return { property: remembered.property, answer };
  }

  /** Remembers what this request was given, unless a failing source's kept answer went into it. */
  remember(request: PropertyRequest, { property, answer }: GivenAnswer<Answer>): void {
    if (!this.remembered || request.connectorScope?.stale === true) return;
    this.remembered.set(keyOf(request), { property, answer: new WeakRef(answer), until: Date.now() + this.recent.ttlMs });
  }
}

/** The language (negotiated from Accept-Language) and the URL as sent: all an answer depends on but the key. */
function keyOf(request: FastifyRequest): string {
  return `${request.language} ${request.url}`;
}
