import { ChannelType, RatePlanKind, ReviewerCategory } from '../enums.js';
import { z } from 'zod';

/**
 * The JSON Lines data format (docs/data-format.md): one record per line, each with a `type`,
 * in files for `npm run data:load` and in pushes to `POST /v1/data`.
 * These schemas are its one definition: the loader validates with them, the sandbox export is
 * typed by them, and the document describes them.
 */

const Code = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, "_", "-" or "." (1 to 64)');
const CalendarDate = z.iso.date();
const Instant = z.iso.datetime({ offset: true });
const Factor = z.number().positive();
const Amount = z.number().nonnegative();
const Count = z.number().int().nonnegative();
const Currency = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code');
const GeoPoint = z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) });
/** Texts by language code; English is the fallback every reader relies on. */
const Translations = z
  .record(z.string().regex(/^[a-z]{2}$/, 'a two-letter language code'), z.string())
  .refine((texts) => typeof texts.en === 'string', 'needs an English ("en") text');

export const ChainRecord = z.strictObject({
  type: z.literal('chain'),
  code: Code,
  name: z.string().min(1),
  centre: GeoPoint,
  widgetOrigins: z.array(z.url()),
});

export const PropertyRecord = z.strictObject({
  type: z.literal('property'),
  code: Code,
  chain: Code,
  name: Translations,
  description: Translations,
  destination: z.string().min(1),
  countryCode: z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code'),
  location: GeoPoint,
  timeZone: z.string().refine(isTimeZone, 'an IANA time zone'),
  currency: Currency,
  rating: z.number().int().min(1).max(5),
  includeInWidgetSearch: z.boolean(),
  url: z.url(),
  bookingUrl: z.url(),
  photos: z.strictObject({ default: z.url(), medium: z.url(), large: z.url() }),
  noOfPhotos: Count,
  beds: Count,
  bedrooms: Count,
  bathrooms: Count,
  nightsMin: z.number().int().min(1),
  nightsMax: z.number().int().min(1),
  /** Rack price against the flexible price before lead-time effects. */
  rackPremium: Factor,
  cityTaxPerAdultNight: Amount,
  /** Price effect of booking ahead; the first band with maxDaysAhead >= days ahead applies. */
  leadTime: z.array(z.strictObject({ maxDaysAhead: z.number().int().nullable(), factor: Factor })),
});

export const RoomRecord = z.strictObject({
  type: z.literal('room'),
  property: Code,
  code: Code,
  name: Translations,
  description: Translations,
  active: z.boolean(),
  maxAdults: z.number().int().min(1),
  maxOccupancy: z.number().int().min(1),
  /** Nightly price for two adults, room only, before demand, lead time and the night's factor. */
  baseNightly: Amount,
});

export const RatePlanRecord = z.strictObject({
  type: z.literal('ratePlan'),
  property: Code,
  code: Code,
  name: Translations,
  kind: RatePlanKind,
  boardCode: z.number().int().nonnegative(),
  extras: z.array(Code),
  /** Days before arrival until which cancellation is free; null for a non-refundable plan. */
  freeCancellationDays: z.number().int().nonnegative().nullable(),
  beRateIds: z.array(z.string().min(1)),
  boardSupplementPerGuest: Amount,
  priceFactor: Factor,
  memberFactor: Factor.nullable(),
  occupancy: z.strictObject({
    singleOccupancyFactor: Factor,
    extraAdultFactor: z.number().nonnegative(),
    childFactor: z.number().nonnegative(),
    childBoardShare: z.number().nonnegative(),
  }),
});

export const NightRecord = z.strictObject({
  type: z.literal('night'),
  property: Code,
  date: CalendarDate,
  demandFactor: Factor,
  /** Fewest nights for a stay arriving this night. */
  minStay: z.number().int().min(1),
});

export const AriRecord = z.strictObject({
  type: z.literal('ari'),
  property: Code,
  room: Code,
  date: CalendarDate,
  priceFactor: Factor,
  roomsLeft: Count,
  /** Rate plans closed (stop-sell) for stays that include this night. */
  stopSell: z.array(Code),
});

export const ChannelShopRecord = z.strictObject({
  type: z.literal('channelShop'),
  property: Code,
  arrival: CalendarDate,
  nights: z.number().int().min(1),
  adults: z.number().int().min(1),
  children: Count,
  collectedAt: Instant,
  /** What each channel sold each room and rate for, for the whole stay; may be empty. */
  prices: z.array(z.strictObject({ room: Code, ratePlan: Code, channel: ChannelType, price: Amount })),
});

export const ExchangeRateRecord = z.strictObject({
  type: z.literal('exchangeRate'),
  base: Currency,
  currency: Currency,
  asOf: CalendarDate,
  /** Units of `currency` one unit of `base` buys. */
  rate: Factor,
});

const TripTypeFigures = z.strictObject({
  reviewsPercent: z.number().int().min(0).max(100),
  score: z.number(),
  categories: z.array(
    z.strictObject({ categoryName: z.string().min(1), text: Translations, shortText: Translations, score: z.number(), count: Count }),
  ),
});

export const ReviewSummaryRecord = z.strictObject({
  type: z.literal('reviewSummary'),
  property: Code,
  updatedAt: Instant,
  /** The review sites of the property, in display order, with their native scales. */
  sources: z.array(z.strictObject({ channel: z.string().min(1), outOfScore: z.number().int().min(1) })),
  /** Null when the sources give no facility data. */
  facilities: z
    .array(z.strictObject({ channel: z.string().min(1), facility: Translations, score: z.number(), timestamp: Instant }))
    .nullable(),
  /** By trip type, `all` first; only `all` carries `byLanguage`. Null when there is none. */
  tripTypes: z.record(z.string().min(1), TripTypeFigures.extend({ byLanguage: z.record(z.string().min(1), TripTypeFigures).optional() })).nullable(),
});

export const ReviewRecord = z.strictObject({
  type: z.literal('review'),
  property: Code,
  id: z.number().int().positive(),
  channel: z.string().min(1),
  /** On the source's native scale. */
  score: z.number().nonnegative(),
  name: z.string(),
  category: ReviewerCategory,
  dateReviewed: CalendarDate,
  title: z.string(),
  description: z.string(),
  language: z.string().regex(/^[a-z]{2,3}$/, 'a language code'),
  country: z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code'),
  photoUrl: z.url().optional(),
  hidden: z.boolean(),
});

export const DataRecord = z.discriminatedUnion('type', [
  ChainRecord,
  PropertyRecord,
  RoomRecord,
  RatePlanRecord,
  NightRecord,
  AriRecord,
  ChannelShopRecord,
  ExchangeRateRecord,
  ReviewSummaryRecord,
  ReviewRecord,
]);
export type DataRecord = z.infer<typeof DataRecord>;
/** Every record type, in the order parents come before children. */
export const DataRecordTypes = z.enum(['chain', 'property', 'room', 'ratePlan', 'night', 'ari', 'channelShop', 'exchangeRate', 'reviewSummary', 'review'] as const satisfies readonly DataRecord['type'][]);
export type DataRecordType = DataRecord['type'];
export type RecordOf<T extends DataRecordType> = Extract<DataRecord, { type: T }>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
