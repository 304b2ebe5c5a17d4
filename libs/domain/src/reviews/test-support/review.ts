import { scoreBand } from '../../rules/score-band.js';
import type { QueryableReview } from '../queryable-review.js';

/** A queryable review for unit tests: a summer couple from Portugal scoring 8, unless told otherwise. */
export function review(id: number, fields: Partial<Omit<QueryableReview, 'id' | 'band'>>): QueryableReview {
  const score10 = fields.score10 ?? 8;
  return {
    id,
    category: 'COUPLE',
    season: 'SUMMER',
    country: 'PT',
    language: 'pt',
    dateReviewed: '2025-07-01',
    hasText: true,
    ...fields,
    score10,
    band: scoreBand(score10),
  };
}
