import type { ReviewScoreBand, ReviewerCategory, Season } from '../enums.js';
import type { ReviewsQuery } from '../schemas/reviews.js';

/**
 * What the review queries read of a review. The caller builds these once per property (bands and
 * seasons precomputed), so a request does no per-review work beyond comparisons. Codes are in the
 * case the request schemas parse filters into, so matching is plain equality.
 */
export interface QueryableReview {
  /** Unique within the property: the last tie-break of every sort. */
  readonly id: number;
  readonly category: ReviewerCategory;
  /** Score on the 10-point scale. */
  readonly score10: number;
  /** The band of `score10` (see `scoreBand`). */
  readonly band: ReviewScoreBand;
  /** Season of `dateReviewed` at the property's latitude (see `seasonOf`). */
  readonly season: Season;
  /** Reviewer country, ISO 3166-1 alpha-2 in upper case. */
  readonly country: string;
  /** Language of the review, ISO 639 in lower case. */
  readonly language: string;
  /** `yyyy-MM-dd`. */
  readonly dateReviewed: string;
  /** The guest wrote a title or a text, not a score alone. */
  readonly hasText: boolean;
}

/**
 * The filters of a reviews query, AND-combined; an absent one is off. `reviewerLanguages` matches
 * any of its languages, and an empty list is off too (an MCP client may send `[]` for "any").
 */
export type ReviewQueryFilters = Pick<ReviewsQuery, 'category' | 'score' | 'country' | 'season' | 'reviewerLanguages'>;
