import type { LocalizedText, ReviewerCategory } from '@hotelapi/domain';

/** A review site we aggregate, with its native scale. */
export interface ReviewSourceInfo {
  readonly channel: string;
  /** Highest score on the source's scale: 10, 6 or 5. */
  readonly outOfScore: number;
}

export interface SourceReview {
  /** Stable numeric identifier, unique within the property. */
  readonly id: number;
  readonly channel: string;
  /** Score on the source's native scale (see `outOfScore`). */
  readonly score: number;
  readonly outOfScore: number;
  readonly name: string;
  readonly category: ReviewerCategory;
  /** `yyyy-MM-dd`. */
  readonly dateReviewed: string;
  /** Written by the guest in `language`; never translated. */
  readonly title: string;
  readonly description: string;
  /** BCP 47 primary language code of the text, e.g. `en`, `pt`, `nl`. */
  readonly language: string;
  /** ISO 3166-1 alpha-2 of the reviewer. */
  readonly country: string;
  readonly photoUrl?: string;
  readonly hidden: boolean;
}

export interface FacilityScore {
  readonly channel: string;
  readonly facility: LocalizedText;
  /** 10-point scale. */
  readonly score: number;
  /** ISO 8601 instant. */
  readonly timestamp: string;
}

export interface SourceCategoryScore {
  readonly categoryName: string;
  readonly text: LocalizedText;
  readonly shortText: LocalizedText;
  readonly score: number;
  readonly count: number;
}

export interface SourceTripType {
  readonly reviewsPercent: number;
  readonly score: number;
  readonly categories: readonly SourceCategoryScore[];
  /** Only on the aggregated `all` bucket: the same figures per review language. */
  readonly byLanguage?: Readonly<Record<string, SourceTripType>>;
}

export interface PropertyReviews {
  readonly updatedAt: Date;
  readonly sources: readonly ReviewSourceInfo[];
  readonly reviews: readonly SourceReview[];
  /** Null when the property has no facility data. */
  readonly facilities: readonly FacilityScore[] | null;
  /** Keyed by trip type, with an `all` bucket; null when there is no trip-type data. */
  readonly tripTypes: Readonly<Record<string, SourceTripType>> | null;
}

/** A cheap figure for sorting many properties by popularity without loading their reviews. */
export interface ReviewCount {
  readonly reviews: number;
}

/** Port: what guests say about a property. */
export interface ReviewsSource {
  /** Undefined when the source does not know the property. */
  getReviews(propertyCode: string): Promise<PropertyReviews | undefined>;
  countReviews(propertyCode: string): Promise<ReviewCount>;
  /** Review counts of many properties in one go; a property the source does not know counts 0. */
  countReviewsOf(propertyCodes: readonly string[]): Promise<ReadonlyMap<string, number>>;
}
