import type { PropertyReviews, ReviewCount, ReviewsSource } from '../ports/reviews-source.js';
import { parseIsoDate, startOfDay } from '../pricing/calendar.js';
import type { SandboxProperty } from './catalog/sandbox-property.js';
import type { SandboxDataset } from './dataset.js';
import { facilityScoresOf } from './reviews/facilities.js';
import { generateReviews } from './reviews/generate-reviews.js';
import { reviewCountOf, REVIEWS_COLLECTED_UNTIL } from './reviews/reputation.js';
import { REVIEW_SITES } from './reviews/review-sites.js';
import { tripTypesOf } from './reviews/trip-types.js';
import { locateProperty } from './world/chains.js';

/**
 * The reviews port over generated reviews. A property's reviews are generated on first request
 * and kept; the count needs no generation at all.
 */
export class SandboxReviewsSource implements ReviewsSource {
  private readonly generated = new Map<string, PropertyReviews>();

  constructor(private readonly dataset: SandboxDataset) {}

  async getReviews(propertyCode: string): Promise<PropertyReviews | undefined> {
    let reviews = this.generated.get(propertyCode);
    if (!reviews) {
      const sandbox = this.dataset.findProperty(propertyCode);
      if (!sandbox) return undefined;
      reviews = reviewsOf(sandbox);
      this.generated.set(propertyCode, reviews);
    }
    return reviews;
  }

  /** Every generated review, hidden ones included; 0 for a code the sandbox does not know. */
  async countReviews(propertyCode: string): Promise<ReviewCount> {
    return { reviews: locateProperty(propertyCode) ? reviewCountOf(propertyCode) : 0 };
  }

  async countReviewsOf(propertyCodes: readonly string[]): Promise<ReadonlyMap<string, number>> {
    return new Map(propertyCodes.map((code) => [code, locateProperty(code) ? reviewCountOf(code) : 0]));
  }
}

function reviewsOf(sandbox: SandboxProperty): PropertyReviews {
  const reviews = generateReviews(sandbox, reviewCountOf(sandbox.property.code));
  const channels = new Set(reviews.map((review) => review.channel));
  const sources = REVIEW_SITES.filter((site) => channels.has(site.channel));
  const latest = reviews.at(-1);
  const lastReviewDay = latest ? parseIsoDate(latest.dateReviewed) : REVIEWS_COLLECTED_UNTIL;
  return {
    updatedAt: startOfDay(lastReviewDay),
    sources: sources.map(({ channel, outOfScore }) => ({ channel, outOfScore })),
    reviews,
    facilities: facilityScoresOf(sandbox, sources, lastReviewDay),
    tripTypes: tripTypesOf(sandbox, reviews),
  };
}
