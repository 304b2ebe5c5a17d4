import { sql, type Kysely } from 'kysely';
import type { ChannelType } from '@hotelapi/domain';
import { PropertyNotFoundError } from '../errors.js';
import type {
  ArrivalCalendarRequest,
  ArrivalDate,
  AvailabilityRequest,
  BookingEngine,
  ChainArrivalCalendars,
  ChainAvailability,
  MonthlyLowestRate,
  PropertyAvailability,
  RoomRateAvailability,
} from '../ports/booking-engine.js';
import type { ExchangeRates } from '../ports/exchange-rates.js';
import type { Connectors } from '../ports/index.js';
import type { Chain, Property, PropertyCatalog } from '../ports/property-catalog.js';
import type { RateShopper, RecordedShop, ShoppedRate, ShopHistoryRequest, ShopRequest, ShopResult } from '../ports/rate-shopper.js';
import type { PropertyReviews, ReviewCount, ReviewsSource, SourceTripType } from '../ports/reviews-source.js';
import { calendarRange, type CalendarRange } from '../pricing/arrival-calendar.js';
import { formatIsoDate, parseIsoDate, todayIn, type EpochDay } from '../pricing/calendar.js';
import { lowestMonthlyRates, lowestMonthlyRatesWindow } from '../pricing/lowest-monthly-rates.js';
import { partyOf } from '../pricing/party.js';
import { quoteCheapestPerPlan, quoteOfferedRates, stayAt, stayFor, type StayAtProperty } from '../pricing/quote-stay.js';
import type { PropertyRates } from '../pricing/rate-rules.js';
import { KeptAri } from './kept-ari.js';
import { keptArrivalCalendar } from './kept-arrivals.js';
import { PostgresEventLog } from './events/postgres-event-log.js';
import { PostgresParityLedger } from './events/postgres-parity-ledger.js';
import { pushRecords } from './loader/push-records.js';
import { IDEMPOTENCY_RETENTION_MS } from '../ports/data-writer.js';
import { readChains, readPropertyRates } from './catalog-queries.js';
import type { Database } from './database.js';
import { DATA_VERSION_MAX_AGE_MS, DataVersionCache, type DataGeneration } from './data-version-cache.js';

export interface PostgresConnectorOptions {
  readonly db: Kysely<Database>;
  /** Where the catalog, ARI, collections, reviews and exchange rates are read (a replica's routing); `db` unless set. */
  readonly readDb?: Kysely<Database>;
  /** Which server `readDb` reads from now: kept data is dropped when that changes. */
  readonly readServer?: () => string;
  /** The clock: what "today", lead times and the latest channel collection are measured from. Tests pin it. */
  readonly now?: () => Date;
  /**
   * How long a read of the data version answers for, in milliseconds: a file the loader commits
   * is served within this (plus one round trip). Default DATA_VERSION_MAX_AGE_MS; 0 reads it at
   * every call.
   */
  readonly dataVersionMaxAgeMs?: number;
  /** How long a push's Idempotency-Key is remembered (`IDEMPOTENCY_RETENTION_MS` unless set). */
  readonly idempotencyRetentionMs?: number;
  /** The database's URL, for the connection that LISTENs for events committed by any instance; absent, only this instance's own appends wake readers. */
  readonly listenUrl?: string;
}

/**
 * Every port over the hotel-data tables. Prices are quoted by the same code as the sandbox's,
 * from stored rate rules and ARI; a stay with a night that has no ARI is not for sale. The
 * catalog, reviews and exchange rates are kept per data version (data-version-cache.ts); ARI is
 * kept over a window of nights and brought up to date from the event log (kept-ari.ts); channel
 * collections are read for each call.
 */
export function createPostgresConnectors({ db, readDb = db, readServer, now = () => new Date(), dataVersionMaxAgeMs, idempotencyRetentionMs = IDEMPOTENCY_RETENTION_MS, listenUrl }: PostgresConnectorOptions): Connectors {
  // The data version is read where the data is, so a generation never holds rows older than its version.
  const cache = new DataVersionCache(readDb, dataVersionMaxAgeMs, readServer);
  const events = new PostgresEventLog(db, listenUrl);
  // The events that keep ARI up to date are read where the ARI is: a replica replays them with it.
  const ari = new KeptAri(readDb, readDb === db ? events : new PostgresEventLog(readDb), now, dataVersionMaxAgeMs ?? DATA_VERSION_MAX_AGE_MS, readServer);
  const push = pushRecords(db, { idempotencyRetentionMs });
  return {
    catalog: new PostgresPropertyCatalog(readDb, cache),
    bookingEngine: new PostgresBookingEngine(readDb, cache, ari, now),
    rateShopper: new PostgresRateShopper(readDb, cache, ari, now),
    reviews: new PostgresReviewsSource(readDb, cache),
    exchangeRates: new PostgresExchangeRates(readDb, cache, now),
    writeRecords: push,
    catchUp: async ({ dataVersion, properties }) => {
      ari.written(properties);
      await cache.caughtUpTo(BigInt(dataVersion));
    },
    events,
    parity: new PostgresParityLedger(db),
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: async () => {
      await events.close();
      await db.destroy();
    },
  };
}

/** Catalog entries and rules of the properties known (in the order asked), read only for those the generation lacks. */
async function ratesOf(db: Kysely<Database>, cache: DataVersionCache, codes: readonly string[]): Promise<PropertyRates[]> {
  const generation = await cache.current();
  const found = new Map<string, PropertyRates>();
  for (const code of codes) {
    const kept = generation.rates.get(code);
    if (kept) found.set(code, kept);
  }
  const missing = [...new Set(codes.filter((code) => !found.has(code)))];
  if (missing.length > 0) {
    for (const rates of await readPropertyRates(db, missing)) {
      generation.rates.set(rates.property.code, rates);
      found.set(rates.property.code, rates);
    }
  }
  return codes.flatMap((code) => found.get(code) ?? []);
}

async function requireRates(db: Kysely<Database>, cache: DataVersionCache, propertyCode: string): Promise<PropertyRates> {
  const [rates] = await ratesOf(db, cache, [propertyCode]);
  if (!rates) throw new PropertyNotFoundError(propertyCode);
  return rates;
}

/** Every chain, read once per data version (each lists its property codes, so chains stay small). */
function chainsOf(db: Kysely<Database>, generation: DataGeneration): Promise<readonly Chain[]> {
  if (!generation.chains) {
    const chains = readChains(db);
    generation.chains = chains;
    chains.catch(() => {
      // A failed read is not kept: the next call reads again.
      if (generation.chains === chains) generation.chains = undefined;
    });
  }
  return generation.chains;
}

class PostgresPropertyCatalog implements PropertyCatalog {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: DataVersionCache,
  ) {}

  async listChains(): Promise<readonly Chain[]> {
    return chainsOf(this.db, await this.cache.current());
  }

  async getChain(chainCode: string): Promise<Chain | undefined> {
    return (await this.listChains()).find((chain) => chain.code === chainCode);
  }

  async getProperty(propertyCode: string): Promise<Property | undefined> {
    return (await this.getProperties([propertyCode]))[0];
  }

  async getProperties(propertyCodes: readonly string[]): Promise<readonly Property[]> {
    const generation = await this.cache.current();
    const key = propertyCodes.join('\u0000');
    const kept = generation.propertyLists.get(key);
    if (kept) return kept;
    const properties = (await ratesOf(this.db, this.cache, propertyCodes)).map((rates) => rates.property);
    generation.propertyLists.set(key, properties);
    return properties;
  }
}

class PostgresBookingEngine implements BookingEngine {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: DataVersionCache,
    private readonly ari: KeptAri,
    private readonly now: () => Date,
  ) {}

  async getAvailability(propertyCode: string, request: AvailabilityRequest): Promise<PropertyAvailability> {
    const [availability] = await this.quoted([propertyCode], request, quoteOfferedRates);
    if (!availability) throw new PropertyNotFoundError(propertyCode);
    return availability;
  }

  async getChainAvailability(propertyCodes: readonly string[], request: AvailabilityRequest): Promise<ChainAvailability> {
    return { properties: await this.quoted(propertyCodes, request, quoteCheapestPerPlan), failures: [] };
  }

  /**
   * At most five queries for any number of properties, side by side: the data version and the
   * catalog entries it lacks, and the ARI of the stay (unknown codes find none, and are left out).
   */
  private async quoted(
    propertyCodes: readonly string[],
    request: AvailabilityRequest,
    quote: (stay: StayAtProperty) => RoomRateAvailability[],
  ): Promise<PropertyAvailability[]> {
    const now = this.now();
    const checkIn = parseIsoDate(request.checkIn);
    const checkOut = parseIsoDate(request.checkOut);
    if (checkOut <= checkIn) throw new RangeError(`Check-out ${request.checkOut} is not after check-in ${request.checkIn}`);
    const party = partyOf(request);
    const [allRates, calendars] = await Promise.all([
      ratesOf(this.db, this.cache, propertyCodes),
      this.ari.calendars(propertyCodes, checkIn, checkOut),
    ]);
    const today = todaysAt(now);
    return allRates.map((rates) => ({
      propertyCode: rates.property.code,
      currency: rates.property.currency,
      rates: quote(stayAt(rates, calendars(rates.property.code), checkIn, checkOut, party, today(rates.property.timeZone))),
    }));
  }

  async getLowestMonthlyRates(propertyCode: string, from: string, months: number): Promise<readonly MonthlyLowestRate[]> {
    const rates = await requireRates(this.db, this.cache, propertyCode);
    const today = todayIn(rates.property.timeZone, this.now());
    const start = parseIsoDate(from);
    const window = lowestMonthlyRatesWindow(start, months, today);
    const calendars = await this.ari.calendars([propertyCode], window.first, window.end);
    return lowestMonthlyRates(rates, calendars(propertyCode), start, months, today);
  }

  /** Five queries at most for any range: the property's rules, then its ARI for every night a stay in the range covers. */
  async getArrivalCalendar(propertyCode: string, request: ArrivalCalendarRequest): Promise<readonly ArrivalDate[]> {
    const range = calendarRange(request);
    await requireRates(this.db, this.cache, propertyCode);
    const [{ dates }] = await this.calendarsOf([propertyCode], request, range);
    return dates;
  }

  /** As getArrivalCalendar, for many properties in as many queries: their rules (kept), and the ARI of them all. */
  async getArrivalCalendars(propertyCodes: readonly string[], request: ArrivalCalendarRequest): Promise<ChainArrivalCalendars> {
    return { properties: await this.calendarsOf(propertyCodes, request, calendarRange(request)), failures: [] };
  }

  private async calendarsOf(propertyCodes: readonly string[], request: ArrivalCalendarRequest, { from, to }: CalendarRange) {
    const [allRates, calendars] = await Promise.all([
      ratesOf(this.db, this.cache, propertyCodes),
      this.ari.calendars(propertyCodes, from, to + request.nights),
    ]);
    const today = todaysAt(this.now());
    const party = partyOf(request);
    return allRates.map((rates) => ({
      propertyCode: rates.property.code,
      dates: keptArrivalCalendar(rates, calendars(rates.property.code), from, to, request.nights, party, today(rates.property.timeZone)),
    }));
  }
}

/** "Today" in each time zone at `now`, worked out once per zone: a chain's thousands of properties share a few dozen. */
function todaysAt(now: Date): (timeZone: string) => EpochDay {
  const byZone = new Map<string, EpochDay>();
  return (timeZone) => {
    let today = byZone.get(timeZone);
    if (today === undefined) byZone.set(timeZone, (today = todayIn(timeZone, now)));
    return today;
  };
}

class PostgresRateShopper implements RateShopper {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: DataVersionCache,
    private readonly ari: KeptAri,
    private readonly now: () => Date,
  ) {}

  /**
   * Every bookable room and rate with the channel prices of the latest collection (up to now) of
   * exactly this stay and occupancy. No such collection: direct prices only, `collectedAt` null.
   */
  async shop(propertyCode: string, request: ShopRequest): Promise<ShopResult> {
    const now = this.now();
    const checkIn = parseIsoDate(request.checkIn);
    const checkOut = parseIsoDate(request.checkOut);
    const [rates, calendars, shop] = await Promise.all([
      requireRates(this.db, this.cache, propertyCode),
      this.ari.calendars([propertyCode], checkIn, checkOut),
      this.latestShop(propertyCode, request, checkOut - checkIn, now),
    ]);
    const quotes = quoteOfferedRates(stayFor(rates, calendars(propertyCode), request, now));
    return { currency: rates.property.currency, collectedAt: shop?.collectedAt ?? null, rates: shoppedRates(quotes, shop?.channels) };
  }

  /**
   * Every stored collection of exactly this stay and occupancy up to now (from `since`), oldest
   * first. Direct prices are quoted as of each collection's day (lead time, nights already past)
   * over the ARI stored now: past ARI is not kept, only what the channels charged.
   */
  async shopHistory(propertyCode: string, request: ShopHistoryRequest): Promise<readonly RecordedShop[]> {
    const checkIn = parseIsoDate(request.checkIn);
    const checkOut = parseIsoDate(request.checkOut);
    const rates = await requireRates(this.db, this.cache, propertyCode);
    let shopsQuery = this.db
      .selectFrom('channel_shops')
      .select(['id', 'collected_at'])
      .where('property_code', '=', propertyCode)
      .where('arrival', '=', request.checkIn)
      .where('nights', '=', checkOut - checkIn)
      .where('adults', '=', request.adults)
      .where('children', '=', request.children)
      .where('collected_at', '<=', this.now());
    if (request.since) shopsQuery = shopsQuery.where('collected_at', '>=', request.since);
    const [calendars, shops] = await Promise.all([
      this.ari.calendars([propertyCode], checkIn, checkOut),
      shopsQuery.orderBy('collected_at').orderBy('id').execute(),
    ]);
    if (shops.length === 0) return [];
    const prices = await this.readChannelPrices(shops.map((shop) => shop.id));
    return shops.map((shop) => {
      const quotes = quoteOfferedRates(stayFor(rates, calendars(propertyCode), request, shop.collected_at));
      return { currency: rates.property.currency, collectedAt: shop.collected_at, rates: shoppedRates(quotes, prices.get(shop.id)) };
    });
  }

  /** The latest collection (up to `now`) of exactly this stay and occupancy, with its prices: one query. */
  private async latestShop(
    propertyCode: string,
    request: ShopRequest,
    nights: number,
    now: Date,
  ): Promise<{ collectedAt: Date; channels: ChannelsByRate } | undefined> {
    const shop = await this.db
      .selectFrom('channel_shops as s')
      .select([
        's.collected_at',
        sql<ChannelPriceRow[]>`coalesce((select json_agg(json_build_object('room_code', p.room_code, 'rate_plan_code', p.rate_plan_code,
              'channel', p.channel, 'price', p.price)) from channel_prices p where p.shop_id = s.id), '[]')`.as('prices'),
      ])
      .where('s.property_code', '=', propertyCode)
      .where('s.arrival', '=', request.checkIn)
      .where('s.nights', '=', nights)
      .where('s.adults', '=', request.adults)
      .where('s.children', '=', request.children)
      .where('s.collected_at', '<=', now)
      .orderBy('s.collected_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return shop && { collectedAt: shop.collected_at, channels: channelsByRate(shop.prices) };
  }

  /** The channel prices of the collections named, by collection and then by room and rate. */
  private async readChannelPrices(shopIds: readonly string[]): Promise<Map<string, ChannelsByRate>> {
    const rows = await this.db
      .selectFrom('channel_prices')
      .select(['shop_id', 'room_code', 'rate_plan_code', 'channel', 'price'])
      .where('shop_id', '=', sql<string>`any(${shopIds as string[]})`)
      .execute();
    const byShop = new Map<string, ChannelPriceRow[]>();
    for (const row of rows) {
      const shopRows = byShop.get(row.shop_id);
      if (shopRows) shopRows.push(row);
      else byShop.set(row.shop_id, [row]);
    }
    return new Map([...byShop].map(([shopId, shopRows]) => [shopId, channelsByRate(shopRows)]));
  }
}

/** Channel prices of one collection, by `roomCode|ratePlanCode`. */
type ChannelsByRate = Map<string, Partial<Record<ChannelType, number>>>;

interface ChannelPriceRow {
  readonly room_code: string;
  readonly rate_plan_code: string;
  readonly channel: string;
  readonly price: number;
}

function channelsByRate(rows: readonly ChannelPriceRow[]): ChannelsByRate {
  const byRate: ChannelsByRate = new Map();
  for (const row of rows) {
    const key = `${row.room_code}|${row.rate_plan_code}`;
    byRate.set(key, { ...byRate.get(key), [row.channel]: row.price });
  }
  return byRate;
}

/** The bookable quotes with what the channels charged for the same room and rate (none when not collected). */
function shoppedRates(quotes: readonly RoomRateAvailability[], channels: ChannelsByRate | undefined): ShoppedRate[] {
  return quotes
    .filter((quote) => quote.status === 'AVL')
    .map((quote) => ({
      roomCode: quote.roomCode,
      ratePlanCode: quote.ratePlanCode,
      total: quote.total,
      channels: channels?.get(`${quote.roomCode}|${quote.ratePlanCode}`) ?? {},
    }));
}

class PostgresReviewsSource implements ReviewsSource {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: DataVersionCache,
  ) {}

  /** Kept per data version: the same object until the loader commits, so the API's review index for it is kept too. */
  async getReviews(propertyCode: string): Promise<PropertyReviews | undefined> {
    const generation = await this.cache.current();
    const kept = generation.reviews.get(propertyCode);
    if (kept) return kept;
    const reviews = await this.readReviews(propertyCode);
    if (reviews) generation.reviews.set(propertyCode, reviews);
    return reviews;
  }

  private async readReviews(propertyCode: string): Promise<PropertyReviews | undefined> {
    const [property, summary, sources, reviews, facilities, tripTypes] = await Promise.all([
      this.db.selectFrom('properties').select('code').where('code', '=', propertyCode).executeTakeFirst(),
      this.db.selectFrom('review_summaries').selectAll().where('property_code', '=', propertyCode).executeTakeFirst(),
      this.db.selectFrom('review_sources').select(['channel', 'out_of_score']).where('property_code', '=', propertyCode).orderBy('position').execute(),
      this.db.selectFrom('reviews').selectAll().where('property_code', '=', propertyCode).orderBy('id').execute(),
      this.db.selectFrom('facility_scores').selectAll().where('property_code', '=', propertyCode).orderBy('position').execute(),
      this.db.selectFrom('trip_type_scores').selectAll().where('property_code', '=', propertyCode).orderBy('position').execute(),
    ]);
    if (!property) return undefined;
    const scaleOf = new Map(sources.map((source) => [source.channel, source.out_of_score]));
    return {
      updatedAt: summary?.updated_at ?? new Date(0),
      sources: sources.map((source) => ({ channel: source.channel, outOfScore: source.out_of_score })),
      reviews: reviews.map((row) => ({
        id: row.id,
        channel: row.channel,
        score: row.score,
        outOfScore: scaleOf.get(row.channel) ?? 10,
        name: row.name,
        category: row.category as PropertyReviews['reviews'][number]['category'],
        dateReviewed: row.date_reviewed,
        title: row.title,
        description: row.description,
        language: row.language,
        country: row.country,
        ...(row.photo_url !== null && { photoUrl: row.photo_url }),
        hidden: row.hidden,
      })),
      facilities: summary?.has_facilities
        ? facilities.map((row) => ({ channel: row.channel, facility: row.facility, score: row.score, timestamp: row.collected_at }))
        : null,
      tripTypes: tripTypes.length === 0 ? null : tripTypesOf(tripTypes),
    };
  }

  async countReviews(propertyCode: string): Promise<ReviewCount> {
    return { reviews: (await this.countReviewsOf([propertyCode])).get(propertyCode) ?? 0 };
  }

  async countReviewsOf(propertyCodes: readonly string[]): Promise<ReadonlyMap<string, number>> {
    const counts = new Map(propertyCodes.map((code) => [code, 0]));
    if (propertyCodes.length === 0) return counts;
    const rows = await this.db
      .selectFrom('reviews')
      .select(['property_code', sql<number>`count(*)::int`.as('reviews')])
      .where('property_code', '=', sql<string>`any(${propertyCodes as string[]})`)
      .groupBy('property_code')
      .execute();
    for (const row of rows) counts.set(row.property_code, row.reviews);
    return counts;
  }
}

type TripTypeRow = { trip_type: string; review_language: string; reviews_percent: number; score: number; categories: unknown[] };

/** Trip-type rows (overall first, then per language, in stored order) back into the port's nested shape. */
function tripTypesOf(rows: readonly TripTypeRow[]): Record<string, SourceTripType> {
  const tripTypes: Record<string, SourceTripType & { byLanguage?: Record<string, SourceTripType> }> = {};
  for (const row of rows) {
    const figures: SourceTripType = {
      reviewsPercent: row.reviews_percent,
      score: row.score,
      categories: row.categories as SourceTripType['categories'],
    };
    if (row.review_language === '') tripTypes[row.trip_type] = figures;
    else {
      const overall = tripTypes[row.trip_type];
      if (overall) tripTypes[row.trip_type] = { ...overall, byLanguage: { ...overall.byLanguage, [row.review_language]: figures } };
    }
  }
  return tripTypes;
}

class PostgresExchangeRates implements ExchangeRates {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: DataVersionCache,
    private readonly now: () => Date,
  ) {}

  /** Cross rate through the base both currencies are quoted against, from the latest rates as of today (UTC); kept per data version and day. */
  async getRate(from: string, to: string): Promise<number | undefined> {
    const today = formatIsoDate(todayIn('UTC', this.now()));
    const generation = await this.cache.current();
    const key = `${from}|${to}|${today}`;
    const kept = generation.exchangeRates.get(key);
    if (kept) return kept.rate;
    const rate = await this.readRate(from, to, today);
    generation.exchangeRates.set(key, { rate });
    return rate;
  }

  private async readRate(from: string, to: string, today: string): Promise<number | undefined> {
    const rows = await this.db
      .selectFrom('exchange_rates')
      .select(['base', 'currency', 'rate'])
      .distinctOn(['currency', 'base'])
      .where('currency', 'in', [from, to])
      .where('as_of', '<=', today)
      .orderBy('currency')
      .orderBy('base')
      .orderBy('as_of', 'desc')
      .execute();
    const fromRow = rows.find((row) => row.currency === from);
    const toRow = rows.find((row) => row.currency === to && row.base === fromRow?.base);
    if (!fromRow || !toRow) return undefined;
    return from === to ? 1 : toRow.rate / fromRow.rate;
  }
}
