import { describe, expect, it } from 'vitest';
import { review } from './test-support/review.js';
import { filterReviews } from './filter-reviews.js';
import type { QueryableReview } from './queryable-review.js';

const reviews = [
  review(1, { category: 'FAMILY', score10: 9.2, season: 'WINTER', country: 'DE', language: 'de' }),
  review(2, { category: 'COUPLE', score10: 7.5, season: 'SUMMER', country: 'PT', language: 'pt' }),
  review(3, { category: 'FAMILY', score10: 4.1, season: 'SUMMER', country: 'GB', language: 'en' }),
  review(4, { category: 'SOLO', score10: 9.8, season: 'AUTUMN', country: 'DE', language: 'en' }),
  review(5, { category: 'FAMILY', score10: 9, season: 'SUMMER', country: 'DE', language: 'de' }),
];

const ids = (list: readonly QueryableReview[]) => list.map((item) => item.id);

describe('filterReviews', () => {
  it('keeps every review, in order, when no filter is on', () => {
    expect(ids(filterReviews(reviews, {}))).toEqual([1, 2, 3, 4, 5]);
  });

  it.each([
    ['category', { category: 'FAMILY' } as const, [1, 3, 5]],
    ['score band', { score: 'SUPERB' } as const, [1, 4, 5]],
    ['country', { country: 'DE' }, [1, 4, 5]],
    ['one language', { reviewerLanguages: ['en'] }, [3, 4]],
    ['any of several languages', { reviewerLanguages: ['en', 'pt'] }, [2, 3, 4]],
    ['season', { season: 'SUMMER' } as const, [2, 3, 5]],
  ])('filters by %s', (_name, filters, expected) => {
    expect(ids(filterReviews(reviews, filters))).toEqual(expected);
  });

  it('combines filters with AND', () => {
    expect(ids(filterReviews(reviews, { category: 'FAMILY', score: 'SUPERB', season: 'SUMMER', country: 'DE', reviewerLanguages: ['de'] }))).toEqual([5]);
    expect(ids(filterReviews(reviews, { category: 'SOLO', season: 'SUMMER' }))).toEqual([]);
  });

  it('treats an empty language list as no language filter', () => {
    expect(ids(filterReviews(reviews, { reviewerLanguages: [] }))).toEqual([1, 2, 3, 4, 5]);
  });
});
