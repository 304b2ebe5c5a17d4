import { filterDimensions } from './filter-dimensions.js';
import type { QueryableReview, ReviewQueryFilters } from './queryable-review.js';

/** The reviews that pass every active filter (AND-combined), in their original order. */
export function filterReviews<Review extends QueryableReview>(reviews: readonly Review[], filters: ReviewQueryFilters): Review[] {
  const { category, band, season, rest } = filterDimensions(filters);
  return reviews.filter((review) => category(review) && band(review) && season(review) && rest(review));
}
