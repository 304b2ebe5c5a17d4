import type { FilterTotals, PageMetadata, ReviewSort, ReviewsData, ReviewsSummary, ShopperData, ShopperSummary } from '@hotelapi/domain';

/**
 * The answers about one property that the services keep for a moment (`ApiServices.recentAnswers`).
 * Declared apart from the services that compute them, which need `ApiServices` themselves.
 */

/** A shopper query answered: the REST route wraps it in the envelope, the MCP tool picks from it. */
export interface ShopperAnswer {
  readonly data: ShopperData;
  readonly summary: ShopperSummary;
  /** Null when no channel collection covers the stay: direct prices only. */
  readonly collectedAt: Date | null;
}

/** A reviews query answered: the REST route wraps it in the envelope, the MCP tool picks from it. */
export interface ReviewsAnswer {
  /** `facilities` and `tripTypes` only when the query is verbose. */
  readonly data: ReviewsData;
  readonly summary: ReviewsSummary;
  /** Where the page of `data.userReviews` sits among the matching reviews. */
  readonly page: PageMetadata;
  /** Reviewer countries of the property (not just of the page): code to name in the caller's language. */
  readonly countries: Record<string, string>;
  readonly filterTotals: FilterTotals;
  readonly sortingOptions: ReviewSort[];
}
