import type {
  AvailabilitySingleData,
  DataPushMetadata,
  DataPushReceipt,
  EventsMetadata,
  FeedEvent,
  LowestMonthlyRatesData,
  ParityData,
  ParityHistoryData,
  ParitySummary,
  PropertyInfo,
  PropertyRoomsData,
  ResponseMetadata,
  AvailabilityMultiResponse,
  PriceCalendarResponse,
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

/** What `client.availability.calendar` resolves to: the response body as the API sends it, and the request's id. */
export interface PriceCalendarResult extends PriceCalendarResponse {
  /** The `X-Request-Id` of the answer; quote it to support. */
  readonly requestId: string;
}

/** The summary of an envelope endpoint that has none of its own: an empty map. */
export type NoSummary = Record<string, unknown>;

/** What `client.properties.get` resolves to. */
export type PropertyInfoResult = EnvelopeResult<PropertyInfo, NoSummary, ResponseMetadata>;

/** What `client.properties.rooms` resolves to. */
export type PropertyRoomsResult = EnvelopeResult<PropertyRoomsData, NoSummary, ResponseMetadata>;

/** What `client.properties.lowestMonthlyRates` resolves to. */
export type LowestMonthlyRatesResult = EnvelopeResult<LowestMonthlyRatesData, NoSummary, ResponseMetadata>;

/** What `client.availability.single` resolves to. */
export type AvailabilitySingleResult = EnvelopeResult<AvailabilitySingleData, NoSummary, ResponseMetadata>;

/** What `client.parity.get` resolves to. */
export type ParityResult = EnvelopeResult<ParityData, ParitySummary, ResponseMetadata>;

/** What `client.parity.history` resolves to. */
export type ParityHistoryResult = EnvelopeResult<ParityHistoryData, NoSummary, ResponseMetadata>;

/** What `client.data.push` resolves to: the receipt, and whether it is durable and a replay. */
export interface DataPushResult extends EnvelopeResult<DataPushReceipt, NoSummary, DataPushMetadata> {
  /** True when committed to PostgreSQL; false in the embedded sandbox, which keeps pushes in memory until it restarts. */
  readonly durable: boolean;
  /** True when this is the first answer to an earlier push with the same `Idempotency-Key` and records, replayed. */
  readonly replayed: boolean;
  /** The `Idempotency-Key` the push was sent with: yours, or the one the client made up to retry it safely. */
  readonly idempotencyKey: string | undefined;
}

/** A page of the change feed: `client.events.list`. */
export type EventsResult = EnvelopeResult<FeedEvent[], NoSummary, EventsMetadata>;
