/** Querying one property's reviews: filters, facet counts, sorts and pages, shared by REST and MCP. */
export { filterReviews } from './filter-reviews.js';
export { filterTotals } from './filter-totals.js';
export { queryReviews, type ReviewsPage, type ReviewsPageQuery } from './query-reviews.js';
export type { QueryableReview, ReviewQueryFilters } from './queryable-review.js';
export { relevanceOf, reviewDaySpan, sortReviews, type ReviewDaySpan, type ReviewOrder } from './sort-reviews.js';
