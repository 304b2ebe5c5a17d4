import { describe, expect, it } from 'vitest';
import { review } from './test-support/review.js';
import type { QueryableReview } from './queryable-review.js';
import { relevanceOf, reviewDaySpan, sortReviews } from './sort-reviews.js';

const ids = (list: readonly QueryableReview[]) => list.map((item) => item.id);

describe('sortReviews', () => {
  const reviews = [
    review(1, { dateReviewed: '2024-03-10', score10: 6 }),
    review(2, { dateReviewed: '2025-01-05', score10: 9 }),
    review(3, { dateReviewed: '2024-03-10', score10: 9 }),
    review(4, { dateReviewed: '2023-12-31', score10: 2.5 }),
  ];

  it('orders by date, ties by id, newest first when descending', () => {
    expect(ids(sortReviews(reviews, { sort: 'dateReviewed', asc: true, callerLanguage: 'en' }))).toEqual([4, 1, 3, 2]);
    expect(ids(sortReviews(reviews, { sort: 'dateReviewed', asc: false, callerLanguage: 'en' }))).toEqual([2, 3, 1, 4]);
  });

  it('orders by score, ties by id', () => {
    expect(ids(sortReviews(reviews, { sort: 'score', asc: true, callerLanguage: 'en' }))).toEqual([4, 1, 2, 3]);
    expect(ids(sortReviews(reviews, { sort: 'score', asc: false, callerLanguage: 'en' }))).toEqual([3, 2, 1, 4]);
  });

  it('leaves its input alone', () => {
    const before = ids(reviews);
    sortReviews(reviews, { sort: 'score', asc: false, callerLanguage: 'en' });
    expect(ids(reviews)).toEqual(before);
  });

  it('puts the most relevant first when descending: caller language, then words, then recency', () => {
    const mixed = [
      review(1, { language: 'de', hasText: true, dateReviewed: '2025-12-31' }),
      review(2, { language: 'en', hasText: false, dateReviewed: '2025-12-31' }),
      review(3, { language: 'en', hasText: true, dateReviewed: '2023-01-01' }),
      review(4, { language: 'en', hasText: true, dateReviewed: '2024-06-01' }),
      review(5, { language: 'de', hasText: false, dateReviewed: '2025-12-31' }),
    ];
    expect(ids(sortReviews(mixed, { sort: 'mostRelevant', asc: false, callerLanguage: 'en' }))).toEqual([4, 3, 2, 1, 5]);
    expect(ids(sortReviews(mixed, { sort: 'mostRelevant', asc: true, callerLanguage: 'en' }))).toEqual([5, 1, 2, 3, 4]);
    // Another reader, another order.
    expect(ids(sortReviews(mixed, { sort: 'mostRelevant', asc: false, callerLanguage: 'de' }))[0]).toBe(1);
  });

  it('gives a total order on many ties: descending is ascending reversed', () => {
    const ties = Array.from({ length: 30 }, (_, index) => review(30 - index, { score10: index % 3 }));
    for (const sort of ['dateReviewed', 'score', 'mostRelevant'] as const) {
      const ascending = ids(sortReviews(ties, { sort, asc: true, callerLanguage: 'pt' }));
      expect(new Set(ascending).size).toBe(30);
      expect(ids(sortReviews(ties, { sort, asc: false, callerLanguage: 'pt' }))).toEqual([...ascending].reverse());
    }
  });
});

describe('relevanceOf', () => {
  const span = reviewDaySpan([review(1, { dateReviewed: '2025-01-01' }), review(2, { dateReviewed: '2025-01-11' })]);

  it('follows the documented formula', () => {
    expect(relevanceOf(review(1, { language: 'en', hasText: true, dateReviewed: '2025-01-11' }), 'en', span)).toBe(7);
    expect(relevanceOf(review(1, { language: 'fr', hasText: true, dateReviewed: '2025-01-06' }), 'en', span)).toBe(2.5);
    expect(relevanceOf(review(1, { language: 'en', hasText: false, dateReviewed: '2025-01-01' }), 'en', span)).toBe(4);
  });

  it('counts every review as recent when all share one day', () => {
    const oneDay = reviewDaySpan([review(1, { dateReviewed: '2025-05-05' })]);
    expect(relevanceOf(review(1, { language: 'fr', hasText: false, dateReviewed: '2025-05-05' }), 'en', oneDay)).toBe(1);
  });
});
