import { describe, expect, it } from 'vitest';
import { monthlyAverages } from './review-months.js';

describe('the reviews chart’s months', () => {
  it('averages each month’s scores, oldest month first, to one decimal', () => {
    const reviews = [
      { dateReviewed: '2026-03-02', score: 8 },
      { dateReviewed: '2026-01-20', score: 6 },
      { dateReviewed: '2026-03-28', score: 9.5 },
      { dateReviewed: '2026-01-03', score: 7 },
    ];
    expect(monthlyAverages(reviews)).toEqual([
      { month: '2026-01', average: 6.5 },
      { month: '2026-03', average: 8.8 },
    ]);
  });
});
