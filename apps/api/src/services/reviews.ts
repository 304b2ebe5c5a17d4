import type { Property, PropertyReviews } from '@hotelapi/connectors';
import { ReviewSort, scoreBand, type ReviewsQuery, type SupportedLanguage } from '@hotelapi/domain';
import { countryNames } from '@hotelapi/i18n';
import type { ApiServices } from './context.js';
import { reviewIndexOf } from './reviews/review-index.js';
import { reviewsPageOf } from './reviews/reviews-page-cache.js';
import { verboseDetails } from './reviews/verbose-details.js';
import type { ReviewsAnswer } from './property-answers.js';


/**
 * One page of a property's reviews with its facets: the one function behind the REST reviews
 * endpoint and the MCP `get_property_reviews` tool.
 *
 * Hidden reviews are never shown and never counted: `reviews`, `score`, `channels`, the page
 * totals, the facet counts and `countries` all describe the visible reviews only. A property the
 * reviews source does not know is answered as one nobody has reviewed yet.
 *
 * The answer is reused for a moment (`services.recentAnswers`).
 */
export function reviewsOfProperty(
  services: ApiServices,
  property: Property,
  query: ReviewsQuery,
  language: SupportedLanguage,
): Promise<ReviewsAnswer> {
  const key = JSON.stringify([property.code, language, query]);
  return services.recentAnswers.reviews.answer(key, () => reviewsPage(services, property, query, language));
}

async function reviewsPage(
  services: ApiServices,
  property: Property,
  query: ReviewsQuery,
  language: SupportedLanguage,
): Promise<ReviewsAnswer> {
  const propertyReviews = (await services.connectors.reviews.getReviews(property.code)) ?? noReviews(services.now());
  const index = reviewIndexOf(property, propertyReviews);
  const page = reviewsPageOf(property.code, index, query, language);
  return {
    data: {
      channels: [...index.channels],
      score: index.score,
      reviews: index.reviews.length,
      timeUpdated: propertyReviews.updatedAt.toISOString(),
      userReviews: page.items.map((review) => review.details),
      ...(query.verbose && verboseDetails(propertyReviews, language)),
    },
    summary: { scoreBand: index.score === null ? null : scoreBand(index.score), latestReview: index.latestReview },
    page: { page: query.page, limit: query.limit, totalFound: page.totalFound, totalPages: page.totalPages },
    countries: countryNames(index.countries, language),
    filterTotals: page.filterTotals,
    sortingOptions: [...ReviewSort.options],
  };
}

/** Reviews of a property nobody has reviewed, as of `now` (the moment we found there were none). */
function noReviews(now: Date): PropertyReviews {
  return { updatedAt: now, sources: [], reviews: [], facilities: null, tripTypes: null };
}
