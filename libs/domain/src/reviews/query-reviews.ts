import { paginate, type Paginated } from '../rules/pagination.js';
import type { FilterTotals, ReviewsQuery } from '../schemas/reviews.js';
import { filterReviews } from './filter-reviews.js';
import { filterTotals } from './filter-totals.js';
import type { QueryableReview, ReviewQueryFilters } from './queryable-review.js';
import { sortReviews } from './sort-reviews.js';

/** Everything of a reviews query that picks and orders reviews (not what the answer shows, like `verbose`). */
export type ReviewsPageQuery = ReviewQueryFilters & Pick<ReviewsQuery, 'sort' | 'asc' | 'page' | 'limit'>;

/** One page of the matching reviews, with the totals of the whole match and the facet counts. */
export interface ReviewsPage<Review> extends Paginated<Review> {
  readonly filterTotals: FilterTotals;
}

/**
 * A reviews query over one property's reviews: filter, sort, take the page, and count the facets
 * over all of the property's reviews. The REST endpoint and the MCP tool both answer with this.
 */
export function queryReviews<Review extends QueryableReview>(
  reviews: readonly Review[],
  query: ReviewsPageQuery,
  callerLanguage: string,
): ReviewsPage<Review> {
  const matching = filterReviews(reviews, query);
  const ordered = sortReviews(matching, { sort: query.sort, asc: query.asc, callerLanguage });
  return { ...paginate(ordered, query.page, query.limit), filterTotals: filterTotals(reviews, query) };
}
