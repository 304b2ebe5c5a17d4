import { ReviewScoreBand, ReviewerCategory, Season } from '../enums.js';
import type { FilterTotals } from '../schemas/reviews.js';
import { filterDimensions } from './filter-dimensions.js';
import type { QueryableReview, ReviewQueryFilters } from './queryable-review.js';

/** A count for every value of an enum, starting at 0, so a facet never lacks an option. */
function zeroCounts<Value extends string>(values: readonly Value[]): Record<Value, number> {
  return Object.fromEntries(values.map((value) => [value, 0])) as Record<Value, number>;
}

/**
 * For each option of the category, score-band and season facets: how many reviews would match if
 * the client picked it, i.e. with that dimension's own filter replaced by the option and every
 * other active filter kept. That is the number a widget shows next to each option.
 *
 * One pass: a review counts towards its own category when it passes every filter but the
 * category one (whatever that asks), and likewise for band and season.
 */
export function filterTotals(reviews: readonly QueryableReview[], filters: ReviewQueryFilters): FilterTotals {
  const totals: FilterTotals = {
    categories: zeroCounts(ReviewerCategory.options),
    scores: zeroCounts(ReviewScoreBand.options),
    seasons: zeroCounts(Season.options),
  };
  const passes = filterDimensions(filters);
  for (const review of reviews) {
    if (!passes.rest(review)) continue;
    const category = passes.category(review);
    const band = passes.band(review);
    const season = passes.season(review);
    if (band && season) totals.categories[review.category]++;
    if (category && season) totals.scores[review.band]++;
    if (category && band) totals.seasons[review.season]++;
  }
  return totals;
}
