import type {
  AvailabilityMultiResponse,
  ReviewsData,
  ReviewsMetadata,
  ReviewsSummary,
  ShopperData,
  ShopperMetadata,
  ShopperSummary,
} from './generated.js';

/** A successful answer of an envelope endpoint: the envelope's parts, and the request's id. */
export interface EnvelopeResult<Data, Summary, Metadata> {
  readonly data: Data;
  readonly summary: Summary;
  readonly metadata: Metadata;
  /** The `X-Request-Id` of the answer; quote it to support. */
  readonly requestId: string;
}

/** What `client.shopper.get` resolves to. */
export type ShopperResult = EnvelopeResult<ShopperData, ShopperSummary, ShopperMetadata>;

/** What `client.reviews.list` resolves to. */
export type ReviewsResult = EnvelopeResult<ReviewsData, ReviewsSummary, ReviewsMetadata>;

/** What `client.availability.multi` resolves to: the response body as the API sends it, and the request's id. */
export interface AvailabilityMultiResult extends AvailabilityMultiResponse {
  /** The `X-Request-Id` of the answer; quote it to support. */
  readonly requestId: string;
}
