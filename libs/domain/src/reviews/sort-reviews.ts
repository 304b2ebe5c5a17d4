import type { ReviewSort } from '../enums.js';
import type { ReviewsQuery } from '../schemas/reviews.js';
import type { QueryableReview } from './queryable-review.js';

/** How to order reviews: the query's `sort` and `asc`, and who is reading. */
export interface ReviewOrder extends Pick<ReviewsQuery, 'sort' | 'asc'> {
  /** The caller's language (ISO 639, lower case): `mostRelevant` favours reviews they can read. */
  readonly callerLanguage: string;
}

/** The weights of `relevanceOf`. */
const LANGUAGE_MATCH_WEIGHT = 4;
const HAS_TEXT_WEIGHT = 2;

const MS_PER_DAY = 86_400_000;

/** The first and last review day of the reviews being ranked, in days since the epoch. */
export interface ReviewDaySpan {
  readonly first: number;
  readonly last: number;
}

function epochDay(date: string): number {
  // A date-only ISO string parses as UTC midnight, so the division is exact.
  return Date.parse(date) / MS_PER_DAY;
}

/** The span of review dates; `yyyy-MM-dd` strings compare like the dates they write. */
export function reviewDaySpan(reviews: readonly QueryableReview[]): ReviewDaySpan {
  if (reviews.length === 0) return { first: 0, last: 0 };
  let first = reviews[0].dateReviewed;
  let last = first;
  for (const { dateReviewed } of reviews) {
    if (dateReviewed < first) first = dateReviewed;
    if (dateReviewed > last) last = dateReviewed;
  }
  return { first: epochDay(first), last: epochDay(last) };
}

/**
 * The `mostRelevant` score, the one formula the API documents:
 *
 *   relevance = 4·[written in the caller's language] + 2·[has a title or text] + recency
 *
 * where recency = (review day − first day) / (last day − first day) over the reviews ranked, in
 * [0, 1], and 1 for every review when they all share one day.
 *
 * Recency stays within [0, 1] and the weights are 2 apart, so the order this gives is: reviews the
 * caller can read first; among those, reviews with words before bare scores; then the newest. For
 * the same reason the span only scales recency and never changes the order, whichever reviews
 * (all of the property's, or the filtered ones) it is measured over.
 */
export function relevanceOf(review: QueryableReview, callerLanguage: string, span: ReviewDaySpan): number {
  const days = span.last - span.first;
  const recency = days > 0 ? (epochDay(review.dateReviewed) - span.first) / days : 1;
  return (review.language === callerLanguage ? LANGUAGE_MATCH_WEIGHT : 0) + (review.hasText ? HAS_TEXT_WEIGHT : 0) + recency;
}

/** The number each sort orders by, ascending. */
function sortKey(sort: ReviewSort, reviews: readonly QueryableReview[], callerLanguage: string): (review: QueryableReview) => number {
  switch (sort) {
    case 'dateReviewed':
      return (review) => epochDay(review.dateReviewed);
    case 'score':
      return (review) => review.score10;
    case 'mostRelevant': {
      const span = reviewDaySpan(reviews);
      return (review) => relevanceOf(review, callerLanguage, span);
    }
  }
}

/**
 * The reviews in a new array, ordered by `sort`. Equal keys are ordered by id, so the order is
 * total and the same on every call: paging through it never repeats or skips a review. Descending
 * is exactly ascending reversed (id descending breaks its ties), which makes `asc=false` on
 * `mostRelevant` most relevant first and on `dateReviewed` newest first.
 */
export function sortReviews<Review extends QueryableReview>(reviews: readonly Review[], { sort, asc, callerLanguage }: ReviewOrder): Review[] {
  const keyOf = sortKey(sort, reviews, callerLanguage);
  // Each key is computed once, not once per comparison.
  const keyed = reviews.map((review) => ({ review, key: keyOf(review) }));
  keyed.sort((a, b) => a.key - b.key || a.review.id - b.review.id);
  if (!asc) keyed.reverse();
  return keyed.map(({ review }) => review);
}
