import type { ColumnType, Generated } from 'kysely';

/**
 * The hotel-data tables as Kysely sees them: every query is typed from this interface. Natural
 * keys (codes as the chain's own systems spell them) are the primary keys, so the loader's
 * upserts need no id lookups. Calendar dates are `yyyy-MM-dd` strings end to end (the pool's
 * type parser keeps PostgreSQL `date` as text); money and factors are `double precision`, which
 * round-trips JavaScript numbers exactly, so prices computed here equal the sandbox's.
 */
export interface Database {
  chains: ChainsTable;
  properties: PropertiesTable;
  property_texts: PropertyTextsTable;
  lead_time_bands: LeadTimeBandsTable;
  rooms: RoomsTable;
  room_texts: RoomTextsTable;
  rate_plans: RatePlansTable;
  rate_plan_texts: RatePlanTextsTable;
  property_nights: PropertyNightsTable;
  room_nights: RoomNightsTable;
  stop_sells: StopSellsTable;
  channel_shops: ChannelShopsTable;
  channel_prices: ChannelPricesTable;
  exchange_rates: ExchangeRatesTable;
  review_summaries: ReviewSummariesTable;
  review_sources: ReviewSourcesTable;
  reviews: ReviewsTable;
  facility_scores: FacilityScoresTable;
  trip_type_scores: TripTypeScoresTable;
  hotel_data_version: HotelDataVersionTable;
  pushed_writes: PushedWritesTable;
  events: EventsTable;
  parity_checks: ParityChecksTable;
  parity_states: ParityStatesTable;
}

/** `yyyy-MM-dd`. */
type CalendarDate = string;
/** Read as a Date; written as a Date or an ISO 8601 string. */
type Instant = ColumnType<Date, Date | string, Date | string>;
/** Translations keyed by language code. */
type Translations = ColumnType<Record<string, string>, string, string>;

export interface ChainsTable {
  code: string;
  name: string;
  centre_lat: number;
  centre_lon: number;
  widget_origins: string[];
}

export interface PropertiesTable {
  code: string;
  chain_code: string;
  destination: string;
  country_code: string;
  lat: number;
  lon: number;
  time_zone: string;
  currency: string;
  rating: number;
  include_in_widget_search: boolean;
  url: string;
  booking_url: string;
  photo_default: string;
  photo_medium: string;
  photo_large: string;
  no_of_photos: number;
  beds: number;
  bedrooms: number;
  bathrooms: number;
  nights_min: number;
  nights_max: number;
  rack_premium: number;
  city_tax_per_adult_night: number;
}

export interface PropertyTextsTable {
  property_code: string;
  language: string;
  name: string;
  description: string;
}

export interface LeadTimeBandsTable {
  property_code: string;
  position: number;
  max_days_ahead: number | null;
  factor: number;
}

export interface RoomsTable {
  property_code: string;
  code: string;
  position: number;
  active: boolean;
  max_adults: number;
  max_occupancy: number;
  base_nightly: number;
}

export interface RoomTextsTable {
  property_code: string;
  room_code: string;
  language: string;
  name: string;
  description: string;
}

export interface RatePlansTable {
  property_code: string;
  code: string;
  position: number;
  kind: string;
  board_code: number;
  extras: string[];
  /** Null for a non-refundable plan; otherwise free cancellation until this many days before arrival. */
  free_cancellation_days: number | null;
  be_rate_ids: string[];
  board_supplement_per_guest: number;
  price_factor: number;
  member_factor: number | null;
  single_occupancy_factor: number;
  extra_adult_factor: number;
  child_factor: number;
  child_board_share: number;
}

export interface RatePlanTextsTable {
  property_code: string;
  rate_plan_code: string;
  language: string;
  name: string;
}

export interface PropertyNightsTable {
  property_code: string;
  night: CalendarDate;
  demand_factor: number;
  min_stay: number;
}

export interface RoomNightsTable {
  property_code: string;
  room_code: string;
  night: CalendarDate;
  price_factor: number;
  rooms_left: number;
}

export interface StopSellsTable {
  property_code: string;
  room_code: string;
  rate_plan_code: string;
  night: CalendarDate;
}

export interface ChannelShopsTable {
  id: Generated<string>;
  property_code: string;
  arrival: CalendarDate;
  nights: number;
  adults: number;
  children: number;
  collected_at: Instant;
}

export interface ChannelPricesTable {
  shop_id: string;
  property_code: string;
  room_code: string;
  rate_plan_code: string;
  channel: string;
  price: number;
}

export interface ExchangeRatesTable {
  base: string;
  currency: string;
  as_of: CalendarDate;
  /** Units of `currency` one unit of `base` buys. */
  rate: number;
}

export interface ReviewSummariesTable {
  property_code: string;
  updated_at: Instant;
  /** False when the source has no facility data at all (the API answers null). */
  has_facilities: boolean;
}

export interface ReviewSourcesTable {
  property_code: string;
  channel: string;
  position: number;
  out_of_score: number;
}

export interface ReviewsTable {
  property_code: string;
  id: number;
  channel: string;
  score: number;
  name: string;
  category: string;
  date_reviewed: CalendarDate;
  title: string;
  description: string;
  language: string;
  country: string;
  photo_url: string | null;
  hidden: boolean;
}

export interface FacilityScoresTable {
  property_code: string;
  position: number;
  channel: string;
  facility: Translations;
  score: number;
  collected_at: string;
}

export interface TripTypeScoresTable {
  property_code: string;
  trip_type: string;
  /** '' for the figures over every language; else the review language of a `byLanguage` entry. */
  review_language: string;
  position: number;
  reviews_percent: number;
  score: number;
  /** [{ categoryName, text, shortText, score, count }], texts as translations. */
  categories: ColumnType<unknown[], string, string>;
}

/** One row: the loader bumps `version` with every file it commits. */
export interface HotelDataVersionTable {
  singleton: Generated<boolean>;
  /** int8: read as a string, compared as one. */
  version: ColumnType<string, never, string>;
}

/** A push remembered by its Idempotency-Key (per API key): what its first answer said. */
export interface PushedWritesTable {
  scope: string;
  idempotency_key: string;
  fingerprint: string;
  /** jsonb: the WriteReceipt; written as JSON text. */
  receipt: ColumnType<unknown, string, never>;
  created_at: ColumnType<Date, never, never>;
}

export interface EventsTable {
  sequence: Generated<string>;
  id: string;
  type: string;
  chain: string;
  property: string | null;
  occurred_at: Generated<Date>;
  data: ColumnType<Record<string, unknown>, string, string>;
}

export interface ParityChecksTable {
  id: Generated<string>;
  property: string;
  arrival: CalendarDate | null;
  nights: number | null;
  adults: number | null;
  children: number | null;
  first_night: CalendarDate | null;
  last_night: CalendarDate | null;
  created_at: Generated<Date>;
}

export interface ParityStatesTable {
  property: string;
  arrival: CalendarDate;
  nights: number;
  adults: number;
  children: number;
  channel: string;
  tolerance: number;
  status: string;
  judged_at: Generated<Date>;
}
