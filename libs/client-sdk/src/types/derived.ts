/**
 * The SDK's public types, derived from the domain's zod schemas: parameters from `z.input` of the query
 * schemas (which keys may be left out) with the decoded value types of `z.output` (numbers as numbers,
 * repeatable parameters as arrays), responses from `z.infer` of the response schemas.
 *
 * This file is the source of truth but is never shipped: the published `.d.ts` must not need zod or
 * `@hotelapi/domain`, so `tools/generate-types.ts` expands every type below into plain TypeScript in
 * `generated.ts`, and the assertions at the end of this file fail the typecheck when the two drift apart.
 * A JSDoc tag `@schema Name` names the domain schema whose descriptions document the type (by default the
 * schema of the same name).
 *
 * Type-only imports: nothing here exists at run time.
 */

import type * as Domain from '@hotelapi/domain';
import type * as Generated from './generated.js';

/**
 * A request's parameters as an SDK caller writes them: the keys and optionality of the schema's input,
 * with the value types the API decodes them into. Lists are accepted read-only.
 */
type QueryParams<Input, Output> = {
  [Key in keyof Input]: Key extends keyof Output ? ReadonlyLists<Output[Key]> : Input[Key];
};
type ReadonlyLists<Value> = Value extends (infer Item)[] ? readonly Item[] : Value;

// Enumerations

export type ChannelType = Domain.ChannelType;
export type Season = Domain.Season;
export type ReviewScoreBand = Domain.ReviewScoreBand;
export type ReviewerCategory = Domain.ReviewerCategory;
export type ReviewSort = Domain.ReviewSort;
export type RateParity = Domain.RateParity;
export type Device = Domain.Device;
export type AvailabilitySortBy = Domain.AvailabilitySortBy;
export type SortOrder = Domain.SortOrder;
export type ErrorType = Domain.ErrorType;
export type ParityStatus = Domain.ParityStatus;
export type AvailabilityStatus = Domain.AvailabilityStatus;
export type ErrorCode = Domain.ErrorCode;

// Shopper: GET /v1/shopper/{code}

/**
 * Parameters of `client.shopper.get(code, params)`.
 * @schema ShopperQuery
 */
export type ShopperParams = QueryParams<Domain.ShopperQueryInput, Domain.ShopperQuery>;
export type ShopperChannel = Domain.ShopperChannel;
export type ShopperRate = Domain.ShopperRate;
export type ShopperData = NonNullable<Domain.ShopperResponse['data']>;
export type ShopperSummary = Domain.ShopperResponse['summary'];
export type ShopperMetadata = Domain.ShopperResponse['metadata'];

// Reviews: GET /v1/reviews/{code}

/**
 * Parameters of `client.reviews.list(code, params)`.
 * @schema ReviewsQuery
 */
export type ReviewsParams = QueryParams<Domain.ReviewsQueryInput, Domain.ReviewsQuery>;
/**
 * Parameters of `client.reviews.iterate(code, params)`: those of `list` without `page`, since every page
 * is fetched. `limit` is the page size used while iterating (default 100, the most the API allows).
 * @schema ReviewsQuery
 */
export type ReviewsIterateParams = Omit<ReviewsParams, 'page'>;
export type ReviewScore = Domain.ReviewScore;
export type ReviewDetails = Domain.ReviewDetails;
export type ReviewFacility = Domain.ReviewFacility;
export type CategoryScore = Domain.CategoryScore;
export type TripTypeScore = Domain.TripTypeScore;
export type FilterTotals = Domain.FilterTotals;
export type ReviewsData = NonNullable<Domain.ReviewsResponse['data']>;
export type ReviewsSummary = Domain.ReviewsResponse['summary'];
export type ReviewsMetadata = Domain.ReviewsResponse['metadata'];

// Availability: GET /v1/availability/multi

/**
 * Parameters of `client.availability.multi(params)`.
 * @schema AvailabilityMultiQuery
 */
export type AvailabilityMultiParams = QueryParams<Domain.AvailabilityMultiQueryInput, Domain.AvailabilityMultiQuery>;
export type HotelRate = Domain.HotelRate;
export type HotelLocation = Domain.HotelLocation;
export type Hotel = Domain.Hotel;
export type AvailabilityMetadata = Domain.AvailabilityMetadata;
export type AvailabilityMultiResponse = Domain.AvailabilityMultiResponse;

// Envelope metadata shared by the property, single-availability and parity endpoints

/**
 * The metadata every envelope carries.
 * @schema ResponseMetadata
 */
export type ResponseMetadata = Domain.ResponseMetadata;

// Properties: GET /v1/properties/{code}, /rooms, /lowest-monthly-rates

/**
 * What `client.properties.get(code)` returns as `data`.
 * @schema GetPropertyInfoData
 */
export type PropertyInfo = Domain.GetPropertyInfoData;
export type PropertyRoom = Domain.PropertyRoom;
/**
 * What `client.properties.rooms(code)` returns as `data`.
 * @schema GetPropertyRoomsData
 */
export type PropertyRoomsData = Domain.GetPropertyRoomsData;
/**
 * Parameters of `client.properties.lowestMonthlyRates(code, params)`.
 * @schema LowestMonthlyRatesQuery
 */
export type LowestMonthlyRatesParams = QueryParams<Domain.LowestMonthlyRatesQuery, Domain.LowestMonthlyRatesQuery>;
export type MonthlyLowestRate = Domain.MonthlyLowestRate;
/**
 * What `client.properties.lowestMonthlyRates(code)` returns as `data`.
 * @schema GetPropertyLowestMonthlyRatesData
 */
export type LowestMonthlyRatesData = Domain.GetPropertyLowestMonthlyRatesData;

// Single-property availability: GET /v1/availability/{code}

/**
 * Parameters of `client.availability.single(code, params)`.
 * @schema AvailabilitySingleQuery
 */
export type AvailabilitySingleParams = QueryParams<Domain.AvailabilitySingleQueryInput, Domain.AvailabilitySingleQuery>;
export type AvailabilitySinglePricing = Domain.AvailabilitySinglePricing;
export type AvailabilitySingleRate = Domain.AvailabilitySingleRate;
/**
 * What `client.availability.single(code, params)` returns as `data`.
 * @schema GetPropertyAvailabilitySingleData
 */
export type AvailabilitySingleData = Domain.GetPropertyAvailabilitySingleData;

// Price calendar: GET /v1/availability/calendar

/**
 * Parameters of `client.availability.calendar(params)`.
 * @schema PriceCalendarQuery
 */
export type PriceCalendarParams = QueryParams<Domain.PriceCalendarQueryInput, Domain.PriceCalendarQuery>;
export type PriceCalendarDate = Domain.PriceCalendarDate;
export type PriceCalendarResponse = Domain.PriceCalendarResponse;

// Parity: GET /v1/parity/{code}, /history

/**
 * Parameters of `client.parity.get(code, params)`.
 * @schema ParityQuery
 */
export type ParityParams = QueryParams<Domain.ParityQueryInput, Domain.ParityQuery>;
export type ParityChannelPrice = Domain.ParityChannelPrice;
export type ParityDate = Domain.ParityDate;
export type ParityUndercut = Domain.ParityUndercut;
export type ParityChannelSummary = Domain.ParityChannelSummary;
export type ParityData = Domain.ParityData;
export type ParitySummary = Domain.ParitySummary;
/**
 * Parameters of `client.parity.history(code, params)`.
 * @schema ParityHistoryQuery
 */
export type ParityHistoryParams = QueryParams<Domain.ParityHistoryQueryInput, Domain.ParityHistoryQuery>;
export type ParityObservation = Domain.ParityObservation;
export type ParityHistoryData = Domain.ParityHistoryData;

// Data push: POST /v1/data (the records of docs/data-format.md)

export type RatePlanKind = Domain.RatePlanKind;
export type DataRecordType = Domain.DataRecordType;
export type ChainRecord = Domain.RecordOf<'chain'>;
export type PropertyRecord = Domain.RecordOf<'property'>;
export type RoomRecord = Domain.RecordOf<'room'>;
export type RatePlanRecord = Domain.RecordOf<'ratePlan'>;
export type NightRecord = Domain.RecordOf<'night'>;
export type AriRecord = Domain.RecordOf<'ari'>;
export type ChannelShopRecord = Domain.RecordOf<'channelShop'>;
export type ExchangeRateRecord = Domain.RecordOf<'exchangeRate'>;
export type ReviewSummaryRecord = Domain.RecordOf<'reviewSummary'>;
export type ReviewRecord = Domain.RecordOf<'review'>;
/** One record of the data format (docs/data-format.md): what `client.data.push` sends, one per line. */
export type DataRecord = Domain.DataRecord;
export type DataPushReceipt = Domain.DataPushReceipt;
/**
 * The metadata of a push's answer.
 * @schema DataPushMetadata
 */
export type DataPushMetadata = Domain.DataPushResponse['metadata'];

// The change feed: GET /v1/events

/**
 * Parameters of `client.events.list(params)`.
 * @schema EventsQuery
 */
export type EventsParams = QueryParams<Domain.EventsQueryInput, Domain.EventsQuery>;
export type FeedEventType = Domain.LoggedEventType;
/** An event of the change feed (every type but `webhook.test`), oldest first by `data.sequence`. */
export type FeedEvent = Domain.LoggedEvent;
/**
 * The metadata of a page of the feed: where the next page starts.
 * @schema EventsMetadata
 */
export type EventsMetadata = Domain.EventsResponse['metadata'];

// Error bodies

/**
 * The `error` object of a failed envelope response.
 * @schema ErrorBody
 */
export type ErrorBody = Domain.ErrorBody;
/**
 * The 400 body of the availability endpoint.
 * @schema AvailabilityError
 */
export type AvailabilityErrorBody = Domain.AvailabilityError;

// The generated file must say exactly what this one derives. Each line fails to compile on any difference.

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<Condition extends true> = Condition;

export type GeneratedTypesMatch = [
  Assert<Equal<Generated.ChannelType, ChannelType>>,
  Assert<Equal<Generated.Season, Season>>,
  Assert<Equal<Generated.ReviewScoreBand, ReviewScoreBand>>,
  Assert<Equal<Generated.ReviewerCategory, ReviewerCategory>>,
  Assert<Equal<Generated.ReviewSort, ReviewSort>>,
  Assert<Equal<Generated.RateParity, RateParity>>,
  Assert<Equal<Generated.Device, Device>>,
  Assert<Equal<Generated.AvailabilitySortBy, AvailabilitySortBy>>,
  Assert<Equal<Generated.SortOrder, SortOrder>>,
  Assert<Equal<Generated.ErrorType, ErrorType>>,
  Assert<Equal<Generated.ErrorCode, ErrorCode>>,
  Assert<Equal<Generated.ShopperParams, ShopperParams>>,
  Assert<Equal<Generated.ShopperChannel, ShopperChannel>>,
  Assert<Equal<Generated.ShopperRate, ShopperRate>>,
  Assert<Equal<Generated.ShopperData, ShopperData>>,
  Assert<Equal<Generated.ShopperSummary, ShopperSummary>>,
  Assert<Equal<Generated.ShopperMetadata, ShopperMetadata>>,
  Assert<Equal<Generated.ReviewsParams, ReviewsParams>>,
  Assert<Equal<Generated.ReviewsIterateParams, ReviewsIterateParams>>,
  Assert<Equal<Generated.ReviewScore, ReviewScore>>,
  Assert<Equal<Generated.ReviewDetails, ReviewDetails>>,
  Assert<Equal<Generated.ReviewFacility, ReviewFacility>>,
  Assert<Equal<Generated.CategoryScore, CategoryScore>>,
  Assert<Equal<Generated.TripTypeScore, TripTypeScore>>,
  Assert<Equal<Generated.FilterTotals, FilterTotals>>,
  Assert<Equal<Generated.ReviewsData, ReviewsData>>,
  Assert<Equal<Generated.ReviewsSummary, ReviewsSummary>>,
  Assert<Equal<Generated.ReviewsMetadata, ReviewsMetadata>>,
  Assert<Equal<Generated.AvailabilityMultiParams, AvailabilityMultiParams>>,
  Assert<Equal<Generated.HotelRate, HotelRate>>,
  Assert<Equal<Generated.HotelLocation, HotelLocation>>,
  Assert<Equal<Generated.Hotel, Hotel>>,
  Assert<Equal<Generated.AvailabilityMetadata, AvailabilityMetadata>>,
  Assert<Equal<Generated.AvailabilityMultiResponse, AvailabilityMultiResponse>>,
  Assert<Equal<Generated.ParityStatus, ParityStatus>>,
  Assert<Equal<Generated.AvailabilityStatus, AvailabilityStatus>>,
  Assert<Equal<Generated.ResponseMetadata, ResponseMetadata>>,
  Assert<Equal<Generated.PropertyInfo, PropertyInfo>>,
  Assert<Equal<Generated.PropertyRoom, PropertyRoom>>,
  Assert<Equal<Generated.PropertyRoomsData, PropertyRoomsData>>,
  Assert<Equal<Generated.LowestMonthlyRatesParams, LowestMonthlyRatesParams>>,
  Assert<Equal<Generated.MonthlyLowestRate, MonthlyLowestRate>>,
  Assert<Equal<Generated.LowestMonthlyRatesData, LowestMonthlyRatesData>>,
  Assert<Equal<Generated.AvailabilitySingleParams, AvailabilitySingleParams>>,
  Assert<Equal<Generated.AvailabilitySinglePricing, AvailabilitySinglePricing>>,
  Assert<Equal<Generated.AvailabilitySingleRate, AvailabilitySingleRate>>,
  Assert<Equal<Generated.AvailabilitySingleData, AvailabilitySingleData>>,
  Assert<Equal<Generated.PriceCalendarParams, PriceCalendarParams>>,
  Assert<Equal<Generated.PriceCalendarDate, PriceCalendarDate>>,
  Assert<Equal<Generated.PriceCalendarResponse, PriceCalendarResponse>>,
  Assert<Equal<Generated.ParityParams, ParityParams>>,
  Assert<Equal<Generated.ParityChannelPrice, ParityChannelPrice>>,
  Assert<Equal<Generated.ParityDate, ParityDate>>,
  Assert<Equal<Generated.ParityUndercut, ParityUndercut>>,
  Assert<Equal<Generated.ParityChannelSummary, ParityChannelSummary>>,
  Assert<Equal<Generated.ParityData, ParityData>>,
  Assert<Equal<Generated.ParitySummary, ParitySummary>>,
  Assert<Equal<Generated.ParityHistoryParams, ParityHistoryParams>>,
  Assert<Equal<Generated.ParityObservation, ParityObservation>>,
  Assert<Equal<Generated.ParityHistoryData, ParityHistoryData>>,
  Assert<Equal<Generated.RatePlanKind, RatePlanKind>>,
  Assert<Equal<Generated.DataRecordType, DataRecordType>>,
  Assert<Equal<Generated.ChainRecord, ChainRecord>>,
  Assert<Equal<Generated.PropertyRecord, PropertyRecord>>,
  Assert<Equal<Generated.RoomRecord, RoomRecord>>,
  Assert<Equal<Generated.RatePlanRecord, RatePlanRecord>>,
  Assert<Equal<Generated.NightRecord, NightRecord>>,
  Assert<Equal<Generated.AriRecord, AriRecord>>,
  Assert<Equal<Generated.ChannelShopRecord, ChannelShopRecord>>,
  Assert<Equal<Generated.ExchangeRateRecord, ExchangeRateRecord>>,
  Assert<Equal<Generated.ReviewSummaryRecord, ReviewSummaryRecord>>,
  Assert<Equal<Generated.ReviewRecord, ReviewRecord>>,
  Assert<Equal<Generated.DataRecord, DataRecord>>,
  Assert<Equal<Generated.DataPushReceipt, DataPushReceipt>>,
  Assert<Equal<Generated.DataPushMetadata, DataPushMetadata>>,
  Assert<Equal<Generated.ErrorBody, ErrorBody>>,
  Assert<Equal<Generated.AvailabilityErrorBody, AvailabilityErrorBody>>,
];
