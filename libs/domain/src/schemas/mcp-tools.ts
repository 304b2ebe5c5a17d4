/**
 * The tools of the MCP endpoint, the contract's six and our `get_property_parity`: for each, the arguments
 * (`<Tool>Input`) and the `data` inside `structuredContent` (`<Tool>Data`). Arguments are plain JSON, so unlike the REST query schemas nothing is
 * decoded from strings: `"2"` is not an integer and `"true"` is not a boolean. Field types are the REST
 * ones; only the wire differs.
 */

import { z } from 'zod';
import { AvailabilityStatus, Device } from '../enums.js';
import { Amount, CalendarDate, CountryCode, CurrencyCode, HttpUrl, LanguageCode, LanguageTag, TimeZone } from './common.js';
import { InlineEnum } from './inline-enum.js';
import { PageLimit, PageMetadata, PageNumber } from './pagination.js';
import { atMostDates } from './date-range.js';
import { fieldOrder } from './field-order.js';
import { MAX_PARITY_DATES, ParityChannelSummary, ParityData, TolerancePercent } from './parity.js';
import { Nights } from './price-calendar.js';
import { BoardCode, ChainCode, GeoPoint, PropertyCode, StarRating } from './property.js';
import { ReviewFilters, ReviewsData, ReviewsQuery } from './reviews.js';
import { ShopperData, ShopperQuery, ShopperRate } from './shopper.js';
import { Adults, Children, Infants, Rooms, StayDates, checkOutAfterCheckIn } from './stay.js';

/** Every tool names the property it reads; the server checks the key may read it before anything else. */
const PropertyArguments = z.object({ hotelCode: PropertyCode.describe('Code of the property, e.g. ACME001.') });

// get_property_info

export const GetPropertyInfoInput = PropertyArguments;
export type GetPropertyInfoInput = z.infer<typeof GetPropertyInfoInput>;

/** The contract names `code`, `name` and `bookurl`; the rest is what an agent needs to ask good follow-up questions. */
export const GetPropertyInfoData = z.object({
  code: PropertyCode,
  name: z.string().describe('Property name, translated.'),
  bookurl: HttpUrl.describe('Booking engine entry point of the property.'),
  description: z.string().optional().describe('Description, translated.'),
  chainCode: ChainCode.optional(),
  destination: z.string().optional().describe('Destination name, e.g. Lisbon.'),
  country: CountryCode.optional(),
  location: GeoPoint.optional(),
  timeZone: TimeZone.optional().describe('IANA time zone of the property: what "today" means there.'),
  currency: CurrencyCode.optional().describe('Currency the property prices in (ISO 4217).'),
  rating: StarRating.optional(),
  url: HttpUrl.optional().describe('Public web page of the property.'),
});
export type GetPropertyInfoData = z.infer<typeof GetPropertyInfoData>;

// get_property_rooms

export const GetPropertyRoomsInput = PropertyArguments;
export type GetPropertyRoomsInput = z.infer<typeof GetPropertyRoomsInput>;

export const PropertyRoom = z.object({
  code: z.string().describe('Room code, as availability and rates name it.'),
  name: z.string().describe('Room name, translated.'),
  active: z.boolean().describe('False for rooms listed but never sold.'),
  description: z.string().optional().describe('Room description, translated.'),
});
export type PropertyRoom = z.infer<typeof PropertyRoom>;

export const GetPropertyRoomsData = z.object({ rooms: z.array(PropertyRoom).describe('Room types of the property.') });
export type GetPropertyRoomsData = z.infer<typeof GetPropertyRoomsData>;

// get_property_reviews

/** Unlike the REST query, `verbose` defaults to true here (as the contract says): an agent gets the whole picture in one call. */
export const GetPropertyReviewsInput = PropertyArguments.extend({
  ...ReviewFilters.shape,
  reviewerLanguages: z
    .array(LanguageCode)
    .optional()
    .describe('Only reviews written in these languages (ISO 639 codes, e.g. ["en", "fr"]).'),
  page: PageNumber.default(1),
  limit: PageLimit.default(10),
  sort: ReviewsQuery.shape.sort,
  asc: z.boolean().default(false).describe('true sorts ascending, false descending.'),
  verbose: z.boolean().default(true).describe('true adds per-source scores, facilities and trip types.'),
});
export type GetPropertyReviewsInput = z.infer<typeof GetPropertyReviewsInput>;

export const GetPropertyReviewsData = ReviewsData.pick({
  score: true,
  reviews: true,
  userReviews: true,
  channels: true,
  facilities: true,
  tripTypes: true,
})
  .partial({ channels: true })
  .extend(PageMetadata.pick({ totalFound: true, totalPages: true }).shape);
export type GetPropertyReviewsData = z.infer<typeof GetPropertyReviewsData>;

// get_property_lowest_monthly_rates

export const GetPropertyLowestMonthlyRatesInput = PropertyArguments;
export type GetPropertyLowestMonthlyRatesInput = z.infer<typeof GetPropertyLowestMonthlyRatesInput>;

export const MonthlyLowestRate = z.object({
  month: z.int().min(1).max(12).describe('Month, 1 to 12.'),
  year: z.int().describe('Year, e.g. 2026.'),
  rate: Amount.describe('Lowest nightly rate of the month.'),
  day: CalendarDate.describe('Night the lowest rate falls on, yyyy-MM-dd.'),
  minStay: z.int().positive().describe('Minimum nights for a stay arriving that day.'),
});
export type MonthlyLowestRate = z.infer<typeof MonthlyLowestRate>;

export const GetPropertyLowestMonthlyRatesData = z.object({
  hotelCode: PropertyCode,
  currency: CurrencyCode.describe('Currency of the rates: the property’s own (ISO 4217).'),
  lowestMonthlyRates: z.array(MonthlyLowestRate).describe('One entry per month, in calendar order.'),
});
export type GetPropertyLowestMonthlyRatesData = z.infer<typeof GetPropertyLowestMonthlyRatesData>;

// shop_property_rate

export const ShopPropertyRateInput = PropertyArguments.extend({
  ...StayDates.shape,
  adults: Adults.default(2),
  children: Children.default(0),
  rateId: ShopperQuery.shape.rateId,
  channel: ShopperQuery.shape.channel,
}).check(checkOutAfterCheckIn('checkIn', 'checkOut'));
export type ShopPropertyRateInput = z.infer<typeof ShopPropertyRateInput>;

export const ShopPropertyRateData = ShopperData.pick({ currency: true }).extend({
  rates: z
    .array(ShopperRate.pick({ price: true, roomId: true, rateId: true, roomName: true, lowestRate: true }))
    .describe('Rates of the property for the stay.'),
});
export type ShopPropertyRateData = z.infer<typeof ShopPropertyRateData>;

// get_property_availability_single

/** Unrefined, so the response can pick its echo of the request from it. */
const AvailabilitySingleArguments = PropertyArguments.extend({
  ...StayDates.shape,
  adults: Adults,
  currency: CurrencyCode.describe('Currency of the returned prices (ISO 4217).'),
  children: Children.optional(),
  infants: Infants.optional(),
  rooms: Rooms.optional(),
  device: InlineEnum(Device).optional().describe('Device the guest books on; prices may differ for MOBILE.'),
  lang: LanguageTag.optional().describe('Language of the texts, e.g. pt or pt-BR.'),
  timezone: TimeZone.optional().describe('IANA time zone of the guest, e.g. America/Sao_Paulo.'),
  remoteCountry: CountryCode.optional().describe('Country of the guest (ISO 3166-1 alpha-2), for geo-targeted prices.'),
});

export const GetPropertyAvailabilitySingleInput = AvailabilitySingleArguments.check(checkOutAfterCheckIn('checkIn', 'checkOut'));
export type GetPropertyAvailabilitySingleInput = z.infer<typeof GetPropertyAvailabilitySingleInput>;

/** Totals for the whole stay, in the requested currency. */
export const AvailabilitySinglePricing = z.object({
  price: Amount.describe('Price of the stay.'),
  memberPrice: Amount.describe('Price for loyalty members; equals price when the rate plan has no member price.'),
  excludedCharges: Amount.describe('Charges payable at the property and not included in price (city tax and the like).'),
  discount: Amount.describe('Saving against the public price, as an amount.'),
});
export type AvailabilitySinglePricing = z.infer<typeof AvailabilitySinglePricing>;

export const AvailabilitySingleRate = z.object({
  id: z.string().describe('Identifier of this room and rate combination.'),
  room: z.string().describe('Room code.'),
  roomDesc: z.string().describe('Room name, translated.'),
  rate: z.string().describe('Rate code.'),
  rateDesc: z.string().describe('Rate name, translated.'),
  board: BoardCode,
  boardDesc: z.string().describe('Board name, translated.'),
  minStay: z.int().positive().describe('Minimum nights for a stay arriving on checkIn.'),
  remaining: z.int().nonnegative().describe('Rooms left at this rate.'),
  status: AvailabilityStatus,
  statusDesc: z.string().describe('Status in words, translated, e.g. Available.'),
  pricing: AvailabilitySinglePricing,
  bookingUrl: HttpUrl.describe('Booking engine page for this room, rate, stay and party.'),
});
export type AvailabilitySingleRate = z.infer<typeof AvailabilitySingleRate>;

export const GetPropertyAvailabilitySingleData = AvailabilitySingleArguments.pick({
  hotelCode: true,
  checkIn: true,
  checkOut: true,
  adults: true,
  currency: true,
}).extend({ rates: z.array(AvailabilitySingleRate).describe('Every room and rate for the stay, bookable or not.') });
export type GetPropertyAvailabilitySingleData = z.infer<typeof GetPropertyAvailabilitySingleData>;

// get_property_parity

export const GetPropertyParityInput = PropertyArguments.extend({
  from: CalendarDate.describe('First arrival date, yyyy-MM-dd; not before today at the property.'),
  to: CalendarDate.describe(`Last arrival date, yyyy-MM-dd, included; at most ${MAX_PARITY_DATES} dates from from.`),
  nights: Nights.default(1),
  adults: Adults.default(2),
  children: Children.default(0),
  currency: CurrencyCode.default('EUR').describe('Currency of the prices (ISO 4217).'),
  channel: ShopperQuery.shape.channel,
  tolerance: TolerancePercent.default(1),
}).check(fieldOrder('from', 'to', { strict: false, message: 'must not be before from' }), atMostDates(MAX_PARITY_DATES));
export type GetPropertyParityInput = z.infer<typeof GetPropertyParityInput>;

/** The REST parity data with the REST envelope's per-channel summary inside it: a tool result has no envelope. */
export const GetPropertyParityData = ParityData.extend({
  summary: z.array(ParityChannelSummary).describe('Per channel: shares of dates won, met and lost, and the largest undercut.'),
});
export type GetPropertyParityData = z.infer<typeof GetPropertyParityData>;

// The tool table

export const McpToolName = z.enum([
  'get_property_info',
  'get_property_rooms',
  'get_property_reviews',
  'get_property_lowest_monthly_rates',
  'shop_property_rate',
  'get_property_availability_single',
  'get_property_parity',
]);
export type McpToolName = z.infer<typeof McpToolName>;

/** What the MCP server declares for one tool. The server wraps `data` as `structuredContent: { data }`. */
export interface McpToolDefinition {
  readonly title: string;
  /** Written for an AI agent: what the tool returns, when to use it, and the units of its figures. */
  readonly description: string;
  readonly input: z.ZodObject;
  readonly data: z.ZodObject;
}

export const mcpTools = {
  get_property_info: {
    title: 'Property information',
    description:
      'Look up one hotel property by its code: name, booking URL (bookurl) and, where known, description, chain, ' +
      'destination, country, coordinates, IANA time zone, the currency it prices in, star rating and web page. ' +
      'Use it first to learn a property’s currency and time zone before asking for rates or availability.',
    input: GetPropertyInfoInput,
    data: GetPropertyInfoData,
  },
  get_property_rooms: {
    title: 'Property rooms',
    description:
      'List the room types of a property: room code, translated name, description where available, and whether ' +
      'the room is sold (active). Use it to turn the room codes other tools return into names.',
    input: GetPropertyRoomsInput,
    data: GetPropertyRoomsData,
  },
  get_property_reviews: {
    title: 'Property reviews',
    description:
      'Guest reviews of a property, one page at a time (page from 1, limit 1 to 100, default 10), sorted by ' +
      'dateReviewed (default), mostRelevant or score, descending unless asc is true. Optional filters: reviewer ' +
      'category, score band, reviewer country (ISO 3166-1 alpha-2), review languages (ISO 639 codes) and season. ' +
      'Scores are on a 10-point scale; score is null when the property has no reviews. verbose (default true) adds ' +
      'per-source scores (channels, on each source’s own scale), facility scores and trip-type breakdowns. ' +
      'totalFound and totalPages tell how far to page.',
    input: GetPropertyReviewsInput,
    data: GetPropertyReviewsData,
  },
  get_property_lowest_monthly_rates: {
    title: 'Lowest monthly rates',
    description:
      'The cheapest nightly rate of a property in each coming month, starting with the current one: the day it ' +
      'falls on and the minimum stay for arriving that day. Rates are per night in the property’s own currency ' +
      '(returned as currency). Use it to find the cheapest time to travel, then check a stay with ' +
      'get_property_availability_single.',
    input: GetPropertyLowestMonthlyRatesInput,
    data: GetPropertyLowestMonthlyRatesData,
  },
  shop_property_rate: {
    title: 'Shop rates',
    description:
      'Shop the rates of a property for a stay: for each room and rate, the price of the whole stay, its room and ' +
      'rate identifiers, and which one is the lowest. Dates are yyyy-MM-dd with checkOut after checkIn; adults ' +
      'default to 2 and children to 0. Give rateId to shop one rate, or channel (OTA_01..OTA_08, CRS_01..CRS_03) ' +
      'to see one sales channel. Prices are in the returned currency. For what can actually be booked, use ' +
      'get_property_availability_single.',
    input: ShopPropertyRateInput,
    data: ShopPropertyRateData,
  },
  get_property_availability_single: {
    title: 'Single-property availability',
    description:
      'What can be booked at one property for a stay: every room and rate with its status (AVL is bookable; ' +
      'MINSTAY, CLOSED and SOLDOUT say why not), board, rooms remaining, minimum stay, a booking URL, and prices ' +
      'for the whole stay in the requested currency (price, member price, discount, and charges payable at the ' +
      'property that price excludes). Needs checkIn and checkOut (yyyy-MM-dd, checkOut after checkIn), adults and ' +
      'currency (ISO 4217).',
    input: GetPropertyAvailabilitySingleInput,
    data: GetPropertyAvailabilitySingleData,
  },
  get_property_parity: {
    title: 'Rate parity',
    description:
      'Where the sales channels undercut our direct price, per arrival date from `from` to `to` (yyyy-MM-dd, at most 90 ' +
      'dates, from not before today): the lowest direct price of a stay of `nights` nights (default 1) for the party, ' +
      'each channel’s price for the same room and rate, and a status per channel: with direct price d, channel price p ' +
      'and tolerance t percent (0 to 100, default 1), WIN when p > d × (1 + t/100), LOSE when p < d × (1 − t/100), else ' +
      'MEET. summary gives, per channel, the shares of dates won, met and lost and the largest undercut with its date. ' +
      'Prices are whole-stay totals in `currency` (default EUR). channel (OTA_01..OTA_08, CRS_01..CRS_03) limits it to one channel.',
    input: GetPropertyParityInput,
    data: GetPropertyParityData,
  },
} satisfies Record<McpToolName, McpToolDefinition>;
