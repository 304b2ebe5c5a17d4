import { queryReviews, type ReviewsPage, type ReviewsQuery, type SupportedLanguage } from '@hotelapi/domain';
import { declareCache } from '@hotelapi/caches';
import type { IndexedReview, ReviewIndex } from './review-index.js';

/**
 * Pages of reviews already answered, so that the same question about the same reviews is not
 * filtered, sorted and counted again (over a thousand reviews for the busiest properties).
 *
 * Bounded: at most 2,000 pages in the process, least recently used out first; a page holds
 * references to reviews the index keeps anyway, a few kilobytes each at most. Exact: an entry
 * answers only for the very review index it was computed from, and an index lives exactly as long
 * as the object the reviews source returned, so a source that returns fresh reviews gets fresh
 * pages (the stale entry fails the identity check and is replaced).
 */
const pages = declareCache({
  name: 'review-pages',
  key: 'property, language and the reviews query (filters, sort, page)',
  max: 2_000,
  invalidation: 'an entry answers only for the review index it was computed from: fresh reviews from the source replace it',
}).create<string, { readonly index: ReviewIndex; readonly page: ReviewsPage<IndexedReview> }>();

export function reviewsPageOf(propertyCode: string, index: ReviewIndex, query: ReviewsQuery, language: SupportedLanguage): ReviewsPage<IndexedReview> {
  const { category, score, country, season, reviewerLanguages, sort, asc, page, limit } = query;
  const key = JSON.stringify([propertyCode, language, category, score, country, season, reviewerLanguages, sort, asc, page, limit]);
  const kept = pages.get(key);
  if (kept?.index === index) return kept.page;
  const answer = queryReviews(index.reviews, query, language);
  pages.set(key, { index, page: answer });
  return answer;
}
