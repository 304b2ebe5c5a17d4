import { describe, expect, it } from 'vitest';
import { scoreBand } from '../rules/score-band.js';
import { queryReviews } from './query-reviews.js';
import type { QueryableReview } from './queryable-review.js';

/** 25 reviews: ids 1..25, one a day in January 2025, scores 0.4 apart, every third a family. */
const reviews: QueryableReview[] = Array.from({ length: 25 }, (_, index) => {
  const score10 = Math.round((index * 0.4) * 10) / 10;
  return {
    id: index + 1,
    category: index % 3 === 0 ? 'FAMILY' : 'COUPLE',
    score10,
    band: scoreBand(score10),
    season: 'WINTER',
    country: 'PT',
    language: index % 2 === 0 ? 'pt' : 'en',
    dateReviewed: `2025-01-${String(index + 1).padStart(2, '0')}`,
    hasText: true,
  };
});

const newestFirst = { sort: 'dateReviewed', asc: false, page: 1, limit: 10 } as const;

describe('queryReviews', () => {
  it('returns the first page, newest first, with the totals of the whole match', () => {
    const page = queryReviews(reviews, newestFirst, 'en');
    expect(page.items.map((review) => review.id)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    expect(page).toMatchObject({ totalFound: 25, totalPages: 3 });
  });

  it('filters before paging, and counts facets over the whole property', () => {
    const page = queryReviews(reviews, { ...newestFirst, category: 'FAMILY', limit: 3, page: 2 }, 'en');
    expect(page.items.map((review) => review.id)).toEqual([16, 13, 10]);
    expect(page).toMatchObject({ totalFound: 9, totalPages: 3 });
    expect(page.filterTotals.categories).toMatchObject({ FAMILY: 9, COUPLE: 16 });
    expect(page.filterTotals.seasons.WINTER).toBe(9);
  });

  it('walks every matching review exactly once, page by page', () => {
    const seen: number[] = [];
    for (let page = 1; page <= 4; page++) {
      seen.push(...queryReviews(reviews, { sort: 'mostRelevant', asc: false, page, limit: 7 }, 'pt').items.map((review) => review.id));
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
  });

  it('answers a page past the end with no reviews and the totals', () => {
    const page = queryReviews(reviews, { ...newestFirst, page: 9 }, 'en');
    expect(page.items).toEqual([]);
    expect(page).toMatchObject({ totalFound: 25, totalPages: 3 });
  });
});
