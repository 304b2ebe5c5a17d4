import type { Kysely } from 'kysely';
import { declareCache } from '@hotelapi/caches';
import type { Chain, Property } from '../ports/property-catalog.js';
import type { PropertyReviews } from '../ports/reviews-source.js';
import type { PropertyRates } from '../pricing/rate-rules.js';
import type { Database } from './database.js';

const BY_DATA_VERSION = 'the data version: a loader’s commit starts a new generation, and the version is read again at most every second';
/** Properties' catalog entries and rules: two chains of the largest size (5,000) and the rest beside them, so they do not push each other out. */
const PROPERTY_RATES = declareCache({ name: 'postgres-property-rates', key: 'property code', max: 12_000, invalidation: BY_DATA_VERSION });
/** Reviews, weighed over properties (each property weighs one plus its reviews). */
const PROPERTY_REVIEWS = declareCache({
  name: 'postgres-property-reviews',
  key: 'property code',
  max: 5_000,
  maxSize: { limit: 100_000, unit: 'reviews' },
  invalidation: BY_DATA_VERSION,
});
/** Exchange-rate answers (a pair of currencies on a day). */
const EXCHANGE_RATES = declareCache({ name: 'postgres-exchange-rates', key: 'currency pair and day', max: 1_000, invalidation: BY_DATA_VERSION });
/** Lists of properties (a chain's, asked again and again). */
const PROPERTY_LISTS = declareCache({ name: 'postgres-property-lists', key: 'the property codes asked for', max: 64, invalidation: BY_DATA_VERSION });

/**
 * What this process has read of one version of the hotel data: catalog entries with their pricing
 * rules, chains, reviews and exchange rates, which change only when the loader commits a file.
 * Each cache is bounded, least recently used out first. Values are shared between requests and
 * never changed, as the sandbox's are.
 */
export class DataGeneration {
  readonly rates = PROPERTY_RATES.create<string, PropertyRates>();
  readonly reviews = PROPERTY_REVIEWS.create<string, PropertyReviews>({ sizeCalculation: (reviews) => 1 + reviews.reviews.length });
  readonly exchangeRates = EXCHANGE_RATES.create<string, { readonly rate: number | undefined }>();
  /**
   * The same list again for the same codes: callers that keep answers (the API's stale answers)
   * recognise it and need not weigh 500 properties again.
   */
  readonly propertyLists = PROPERTY_LISTS.create<string, readonly Property[]>();
  chains: Promise<readonly Chain[]> | undefined;

  constructor(readonly version: bigint) {}
}

/** How long a data version read answers for: the longest a process serves data older than a commit. */
export const DATA_VERSION_MAX_AGE_MS = 1_000;

/**
 * The generation of the data as committed now, give or take `maxAgeMs`. The data version (one
 * row, one index lookup) is read at most once per `maxAgeMs`, by one call at a time (calls
 * arriving meanwhile share its answer), and whatever was read under an older version is dropped.
 * So a file the loader commits is served by every instance within `maxAgeMs` plus one round trip
 * to PostgreSQL, and a request in between costs no query for the catalog. The version is read
 * before the data it tags, so a generation never holds data older than its version (at worst
 * newer, read again at the next bump).
 */
export class DataVersionCache {
  private generation = new DataGeneration(0n);
  /** When the latest read began (`performance.now()`): it saw every commit before then. */
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<DataGeneration> | undefined;
  /** The server the generation was read from, when reads move between a replica and the primary. */
  private readFrom: string | undefined;

  /** @param serverOf which server `db` reads from now (replica/read-routing.ts), when that can change. */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly maxAgeMs = DATA_VERSION_MAX_AGE_MS,
    private readonly serverOf?: () => string,
  ) {}

  current(): Promise<DataGeneration> {
    if (this.serverOf?.() === this.readFrom && performance.now() - this.readAt < this.maxAgeMs) return Promise.resolve(this.generation);
    this.reading ??= this.read().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  /**
   * After a commit of `version` by this process: unless the generation is that new already (a push
   * of calendars leaves the version as it was), the version is read again, in a read begun after
   * the commit (one under way may not see it).
   */
  async caughtUpTo(version: bigint): Promise<void> {
    if (this.generation.version >= version && this.serverOf?.() === this.readFrom) return;
    await this.reading?.catch(() => undefined);
    this.readAt = Number.NEGATIVE_INFINITY;
    await this.current();
  }

  private async read(): Promise<DataGeneration> {
    const started = performance.now();
    const server = this.serverOf?.();
    const row = await this.db.selectFrom('hotel_data_version').select('version').executeTakeFirstOrThrow();
    const version = BigInt(row.version);
    // Reads moved: a replica may be behind the version the primary gave, so nothing kept is trusted.
    if (version > this.generation.version || server !== this.readFrom) this.generation = new DataGeneration(version);
    this.readFrom = server;
    this.readAt = started;
    return this.generation;
  }
}
