import { describe, expect, it } from 'vitest';
import { paginate } from './pagination.js';

const reviews = Array.from({ length: 25 }, (_, i) => i + 1);

describe('paginate', () => {
  it('returns the requested page and the totals', () => {
    expect(paginate(reviews, 1, 10)).toEqual({ items: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], totalFound: 25, totalPages: 3 });
    expect(paginate(reviews, 2, 10).items).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });

  it('returns a short last page', () => {
    expect(paginate(reviews, 3, 10)).toEqual({ items: [21, 22, 23, 24, 25], totalFound: 25, totalPages: 3 });
  });

  it('counts an exactly full last page once', () => {
    expect(paginate(reviews.slice(0, 20), 2, 10)).toEqual({ items: [11, 12, 13, 14, 15, 16, 17, 18, 19, 20], totalFound: 20, totalPages: 2 });
  });

  it('gives an empty page past the end, not an error', () => {
    expect(paginate(reviews, 4, 10)).toEqual({ items: [], totalFound: 25, totalPages: 3 });
    expect(paginate(reviews, 1_000_000, 100).items).toEqual([]);
  });

  it('has zero pages when nothing was found', () => {
    expect(paginate([], 1, 10)).toEqual({ items: [], totalFound: 0, totalPages: 0 });
  });

  it('handles the limits of limit', () => {
    expect(paginate(reviews, 25, 1)).toEqual({ items: [25], totalFound: 25, totalPages: 25 });
    expect(paginate(reviews, 1, 100)).toEqual({ items: reviews, totalFound: 25, totalPages: 1 });
  });

  it('returns a copy the caller may change without touching the source', () => {
    const page = paginate(reviews, 1, 5);
    page.items.push(99);
    expect(reviews).toHaveLength(25);
  });

  it.each([
    [0, 10],
    [-1, 10],
    [1.5, 10],
    [Number.NaN, 10],
    [1, 0],
    [1, 2.5],
  ])('refuses page %d with limit %d', (page, limit) => {
    expect(() => paginate(reviews, page, limit)).toThrow(RangeError);
  });
});
