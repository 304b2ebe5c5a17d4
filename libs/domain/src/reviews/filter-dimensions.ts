import type { QueryableReview, ReviewQueryFilters } from './queryable-review.js';

/** Whether a review passes one part of the filters. */
export type ReviewTest = (review: QueryableReview) => boolean;

/**
 * The filters split by facet dimension, compiled once per query. Facet counting needs to know
 * which dimension a review fails, so the three faceted dimensions (category, score band, season)
 * are tested apart; country and languages have no facet and are tested together as `rest`.
 * A dimension whose filter is off passes every review.
 */
export interface FilterDimensions {
  readonly category: ReviewTest;
  readonly band: ReviewTest;
  readonly season: ReviewTest;
  readonly rest: ReviewTest;
}

const PASSES: ReviewTest = () => true;

export function filterDimensions({ category, score, season, country, reviewerLanguages }: ReviewQueryFilters): FilterDimensions {
  const languages = reviewerLanguages?.length ? new Set(reviewerLanguages) : undefined;
  return {
    category: category === undefined ? PASSES : (review) => review.category === category,
    band: score === undefined ? PASSES : (review) => review.band === score,
    season: season === undefined ? PASSES : (review) => review.season === season,
    rest:
      country === undefined && languages === undefined
        ? PASSES
        : (review) => (country === undefined || review.country === country) && (languages === undefined || languages.has(review.language)),
  };
}
