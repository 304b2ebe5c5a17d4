import { pathSegment, toSearchParams } from '../http/query.js';
import type { Transport } from '../http/transport.js';
import type { RequestOptions } from '../options.js';
import type {
  ReviewDetails,
  ReviewsData,
  ReviewsIterateParams,
  ReviewsMetadata,
  ReviewsParams,
  ReviewsSummary,
} from '../types/generated.js';
import type { ReviewsResult } from '../types/results.js';

/** Page size `iterate` uses unless told otherwise: the most the API serves in one page. */
export const ITERATE_PAGE_SIZE = 100;

/** `GET /v1/reviews/{code}`: what guests say about a property, with scores and filter facets. */
export class ReviewsResource {
  constructor(private readonly transport: Transport) {}

  /**
   * One page of reviews, with the property's scores and the filter facets. `metadata` says where the
   * page sits (`page`, `limit`, `totalFound`, `totalPages`).
   *
   * @example
   * const { data, metadata } = await client.reviews.list('ACME001', { limit: 20, reviewerLanguages: ['en', 'fr'] });
   */
  list(code: string, params: ReviewsParams = {}, options?: RequestOptions): Promise<ReviewsResult> {
    return this.transport.getEnvelope<ReviewsData, ReviewsSummary, ReviewsMetadata>(
      `v1/reviews/${pathSegment(code)}`,
      toSearchParams(params, { commaSeparated: ['reviewerLanguages'] }),
      options,
    );
  }

  /**
   * Every review matching the filters, fetched page by page (`limit` per page, default 100) as the loop
   * asks for them. Stop early with `break`; `options.signal` cancels the page being fetched.
   *
   * @example
   * for await (const review of client.reviews.iterate('ACME001', { score: 'SUPERB' })) console.log(review.title);
   */
  async *iterate(code: string, params: ReviewsIterateParams = {}, options?: RequestOptions): AsyncGenerator<ReviewDetails, void, undefined> {
    const limit = params.limit ?? ITERATE_PAGE_SIZE;
    for (let page = 1; ; page++) {
      const { data, metadata } = await this.list(code, { ...params, limit, page }, options);
      yield* data.userReviews;
      if (data.userReviews.length === 0 || page >= metadata.totalPages) return;
    }
  }
}
