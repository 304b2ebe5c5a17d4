/** `GET /v1/reviews/{code}`: what guests say about a property, a page at a time, with filter facets. */

import { z } from 'zod';
import { ReviewScoreBand, ReviewSort, ReviewerCategory, Season } from '../enums.js';
import { CalendarDate, CountryCode, HttpUrl, Instant, LanguageCode } from './common.js';
import { ResponseMetadata, envelope } from './envelope.js';
import { InlineEnum } from './inline-enum.js';
import { PageMetadata, PageQuery } from './pagination.js';
import { QueryBoolean, QueryList } from './query-string.js';

/** A score on the 10-point scale every aggregate uses, whatever the source's native scale. */
const TenPointScore = z.number().min(0).max(10);

/**
 * The review filters the REST query and the MCP tool share. `reviewerLanguages` is not among them: a URL
 * writes a list differently from a JSON argument.
 */
export const ReviewFilters = z.object({
  category: InlineEnum(ReviewerCategory).optional().describe('Only reviews by this reviewer category.'),
  score: InlineEnum(ReviewScoreBand).optional().describe('Only reviews in this score band.'),
  country: CountryCode.optional().describe('Only reviewers from this country (ISO 3166-1 alpha-2, any case).'),
  season: InlineEnum(Season).optional().describe('Only reviews written in this season at the property.'),
});
export type ReviewFilters = z.infer<typeof ReviewFilters>;

export const ReviewsQuery = ReviewFilters.extend({
  reviewerLanguages: QueryList(LanguageCode)
    .optional()
    .describe('Only reviews written in these languages: comma-separated and/or repeated ISO 639 codes, e.g. en,fr.'),
  verbose: QueryBoolean.prefault(false).describe('true adds facilities and trip types to the data.'),
  ...PageQuery.shape,
  sort: InlineEnum(ReviewSort).default('dateReviewed').describe('Sort field.'),
  asc: QueryBoolean.prefault(false).describe('true sorts ascending, false descending.'),
});
export type ReviewsQuery = z.infer<typeof ReviewsQuery>;
export type ReviewsQueryInput = z.input<typeof ReviewsQuery>;

export const ReviewScore = z
  .object({
    title: z.string().describe('Name of the review source.'),
    score: z.number().nonnegative().describe('Average score on the source’s own scale (see outOfScore).'),
    outOfScore: z.int().positive().describe('Highest score on the source’s scale, e.g. 10, 6 or 5.'),
    total: z.int().nonnegative().describe('Reviews counted for the source.'),
  })
  .meta({ id: 'ReviewScore', description: 'Average score of one review source.' });
export type ReviewScore = z.infer<typeof ReviewScore>;

export const ReviewDetails = z
  .object({
    id: z.int().nonnegative().describe('Identifier of the review, stable within the property.'),
    name: z.string().describe('Reviewer name.'),
    category: ReviewerCategory,
    dateReviewed: CalendarDate.describe('Date submitted, yyyy-MM-dd.'),
    score: TenPointScore.describe('Score given, on a 10-point scale.'),
    title: z.string().describe('Review title, as the guest wrote it.'),
    description: z.string().describe('Review text, as the guest wrote it.'),
    country: CountryCode.describe('Reviewer country (ISO 3166-1 alpha-2).'),
    language: LanguageCode.describe('Language of the review text (ISO 639).'),
    photoUrl: HttpUrl.optional().describe('Reviewer photo URL, if available.'),
    channel: z.string().describe('Source of the review.'),
    hidden: z.boolean().describe('True when the review is hidden.'),
  })
  .meta({ id: 'ReviewDetails', description: 'One guest review.' });
export type ReviewDetails = z.infer<typeof ReviewDetails>;

export const ReviewFacility = z
  .object({
    channel: z.string().describe('Source of the facility score.'),
    facility: z.string().describe('Facility, translated (e.g. Breakfast, Wi-Fi).'),
    score: TenPointScore.describe('Facility score on a 10-point scale.'),
    timestamp: Instant.describe('When the facility was reviewed.'),
  })
  .meta({ id: 'ReviewFacility', description: 'A facility mentioned in reviews and its score.' });
export type ReviewFacility = z.infer<typeof ReviewFacility>;

export const CategoryScore = z
  .object({
    categoryName: z.string().describe('Machine name of the category.'),
    text: z.string().describe('Full text, translated.'),
    shortText: z.string().describe('Short text, translated.'),
    score: z.int().describe('Score of the category.'),
    count: z.int().nonnegative().describe('Reviews contributing.'),
  })
  .meta({ id: 'CategoryScore', description: 'Score of one review category within a trip type.' });
export type CategoryScore = z.infer<typeof CategoryScore>;

/** Self-referential through `byLanguage`; the getter defers the reference until the schema exists, as zod 4 prescribes. */
export const TripTypeScore = z
  .object({
    reviewsPercent: z.int().min(0).max(100).describe('Percentage of reviews for the trip type.'),
    score: z.int().describe('Score of the trip type.'),
    categories: z.array(CategoryScore).describe('Scores per category.'),
    get byLanguage(): z.ZodOptional<z.ZodRecord<z.ZodString, typeof TripTypeScore>> {
      return z
        .record(z.string(), TripTypeScore)
        .optional()
        .describe('The same figures per review language; only on the aggregated `all` bucket.');
    },
  })
  .meta({ id: 'TripTypeScore', description: 'Review figures of one trip type.' });
export type TripTypeScore = z.infer<typeof TripTypeScore>;

export const ReviewsData = z
  .object({
    channels: z.array(ReviewScore).describe('Per-source review scores.'),
    score: TenPointScore.nullable().describe(
      'Overall score on a 10-point scale, weighted by each source’s review count; null when there are no reviews.',
    ),
    reviews: z.int().nonnegative().describe('Total reviews aggregated across sources.'),
    timeUpdated: Instant.describe('Time of last update.'),
    userReviews: z.array(ReviewDetails).describe('Individual reviews: the requested page.'),
    facilities: z
      .array(ReviewFacility)
      .nullable()
      .optional()
      .describe('Facilities mentioned in reviews; only when verbose, and null when there is no facility data.'),
    tripTypes: z
      .record(z.string(), TripTypeScore)
      .optional()
      .describe('Breakdown by trip type with an aggregated `all` bucket; only when verbose, omitted when there is no trip-type data.'),
  })
  .meta({ id: 'ReviewsData', description: 'Reviews of one property.' });
export type ReviewsData = z.infer<typeof ReviewsData>;

const ReviewCount = z.int().nonnegative();

/** Enum-keyed records are exhaustive in zod 4: every category, band and season appears, with 0 when empty. */
export const FilterTotals = z
  .object({
    categories: z.record(ReviewerCategory, ReviewCount).describe('Reviews per reviewer category.'),
    scores: z.record(ReviewScoreBand, ReviewCount).describe('Reviews per score band.'),
    seasons: z.record(Season, ReviewCount).describe('Reviews per season.'),
  })
  .meta({ id: 'FilterTotals', description: 'How many reviews each filter value would match.' });
export type FilterTotals = z.infer<typeof FilterTotals>;

export const ReviewsMetadata = ResponseMetadata.extend({
  ...PageMetadata.shape,
  countries: z
    .record(CountryCode, z.string())
    .describe('Countries available for filtering: ISO 3166-1 alpha-2 code to country name, translated.'),
  filterTotals: FilterTotals,
  sortingOptions: z.array(ReviewSort).describe('Available sort options.'),
}).meta({ id: 'ReviewsMetadata', description: 'Pagination and filter facets of a reviews response.' });
export type ReviewsMetadata = z.infer<typeof ReviewsMetadata>;

export const ReviewsSummary = z
  .object({
    scoreBand: ReviewScoreBand.nullable().describe('Band of the overall score; null when there are no reviews.'),
    latestReview: CalendarDate.nullable().describe(
      'Date of the property’s most recent review, whatever the filters; null when there are no reviews.',
    ),
  })
  .meta({ id: 'ReviewsSummary', description: 'The overall score as a band, and how fresh the reviews are.' });
export type ReviewsSummary = z.infer<typeof ReviewsSummary>;

export const ReviewsResponse = envelope({ data: ReviewsData, summary: ReviewsSummary, metadata: ReviewsMetadata }).meta({
  id: 'ReviewsResponse',
  description: 'Reviews of one property, in the response envelope.',
});
export type ReviewsResponse = z.infer<typeof ReviewsResponse>;
