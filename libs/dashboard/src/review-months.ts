import type { ReviewDetails } from '@hotelapi/domain';

/** The average score of each month the reviews fall in, oldest first. */
export function monthlyAverages(reviews: readonly Pick<ReviewDetails, 'dateReviewed' | 'score'>[]): { month: string; average: number }[] {
  const byMonth = new Map<string, { sum: number; count: number }>();
  for (const review of reviews) {
    const month = review.dateReviewed.slice(0, 7);
    const entry = byMonth.get(month) ?? { sum: 0, count: 0 };
    byMonth.set(month, { sum: entry.sum + review.score, count: entry.count + 1 });
  }
  return [...byMonth]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([month, { sum, count }]) => ({ month, average: Math.round((sum / count) * 10) / 10 }));
}
