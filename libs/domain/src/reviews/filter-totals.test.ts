import { describe, expect, it } from 'vitest';
import { ReviewScoreBand, ReviewerCategory, Season } from '../enums.js';
import { scoreBand } from '../rules/score-band.js';
import { filterReviews } from './filter-reviews.js';
import { filterTotals } from './filter-totals.js';
import type { QueryableReview, ReviewQueryFilters } from './queryable-review.js';

/** A small linear congruential generator: the same reviews on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function generatedReviews(count: number): QueryableReview[] {
  const random = seeded(42);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
  return Array.from({ length: count }, (_, index) => {
    const score10 = Math.round(random() * 100) / 10;
    return {
      id: index + 1,
      category: pick(ReviewerCategory.options),
      score10,
      band: scoreBand(score10),
      season: pick(Season.options),
      country: pick(['PT', 'DE', 'GB', 'US']),
      language: pick(['pt', 'de', 'en', 'ja']),
      dateReviewed: `2025-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-15`,
      hasText: random() > 0.1,
    };
  });
}

/** The definition, counted the slow way: each option's dimension filter replaced by the option. */
function bruteForceTotals(reviews: readonly QueryableReview[], filters: ReviewQueryFilters) {
  const count = (replaced: ReviewQueryFilters) => filterReviews(reviews, { ...filters, ...replaced }).length;
  return {
    categories: Object.fromEntries(ReviewerCategory.options.map((category) => [category, count({ category })])),
    scores: Object.fromEntries(ReviewScoreBand.options.map((score) => [score, count({ score })])),
    seasons: Object.fromEntries(Season.options.map((season) => [season, count({ season })])),
  };
}

const reviews = generatedReviews(2_000);

describe('filterTotals', () => {
  it('counts every option over all reviews when no filter is on', () => {
    const totals = filterTotals(reviews, {});
    expect(totals).toEqual(bruteForceTotals(reviews, {}));
    for (const counts of [totals.categories, totals.scores, totals.seasons]) {
      expect(Object.values(counts).reduce((sum, n) => sum + n, 0)).toBe(reviews.length);
    }
  });

  it.each<[string, ReviewQueryFilters]>([
    ['category', { category: 'FAMILY' }],
    ['score band', { score: 'GOOD' }],
    ['season', { season: 'WINTER' }],
    ['country', { country: 'DE' }],
    ['languages', { reviewerLanguages: ['en', 'ja'] }],
    ['category and season', { category: 'SOLO', season: 'SUMMER' }],
    ['everything', { category: 'COUPLE', score: 'SUPERB', season: 'SPRING', country: 'PT', reviewerLanguages: ['pt', 'en'] }],
    ['a filter nothing matches', { country: 'ZZ' }],
  ])('matches the brute-force count with %s filtered', (_name, filters) => {
    expect(filterTotals(reviews, filters)).toEqual(bruteForceTotals(reviews, filters));
  });

  it('keeps the other options of a filtered dimension, so a widget can offer them', () => {
    const totals = filterTotals(reviews, { category: 'FAMILY' });
    expect(totals.categories.COUPLE).toBe(filterReviews(reviews, { category: 'COUPLE' }).length);
    // The other dimensions count only families.
    expect(Object.values(totals.seasons).reduce((sum, n) => sum + n, 0)).toBe(totals.categories.FAMILY);
  });

  it('has every option, at 0, for no reviews', () => {
    expect(filterTotals([], { season: 'WINTER' })).toEqual({
      categories: { FAMILY: 0, COUPLE: 0, GROUP: 0, SOLO: 0, UNKNOWN: 0 },
      scores: { SUPERB: 0, GOOD: 0, PASSABLE: 0, POOR: 0, VERYPOOR: 0 },
      seasons: { AUTUMN: 0, SPRING: 0, SUMMER: 0, WINTER: 0 },
    });
  });
});
