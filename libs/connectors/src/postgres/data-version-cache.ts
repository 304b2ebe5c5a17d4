import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Chain, Property } from '../ports/property-catalog.js';
import type { PropertyReviews } from '../ports/reviews-source.js';
import type { PropertyRates } from '../pricing/rate-rules.js';
import type { Database } from './database.js';

/** Most properties' catalog entries and rules kept: a few MEGA-sized chains. */
const MAX_PROPERTIES = 5_000;
/** Most reviews kept, summed over properties (each property weighs one plus its reviews). */
const MAX_REVIEWS = 100_000;
/** Most exchange-rate answers kept (a pair of currencies on a day). */
const MAX_EXCHANGE_RATES = 1_000;
/** Most lists of properties kept (a chain's, asked again and again). */
const MAX_PROPERTY_LISTS = 64;

/**
 * What this process has read of one version of the hotel data: catalog entries with their pricing
 * rules, chains, reviews and exchange rates, which change only when the loader commits a file.
 * Each cache is bounded, least recently used out first. Values are shared between requests and
 * never changed, as the sandbox's are.
 */
export class DataGeneration {
  readonly rates = new LRUCache<string, PropertyRates>({ max: MAX_PROPERTIES });
  readonly reviews = new LRUCache<string, PropertyReviews>({
    maxSize: MAX_REVIEWS,
    sizeCalculation: (reviews) => 1 + reviews.reviews.length,
  });
  readonly exchangeRates = new LRUCache<string, { readonly rate: number | undefined }>({ max: MAX_EXCHANGE_RATES });
  /**
   * The same list again for the same codes: callers that keep answers (the API's stale answers)
   * recognise it and need not weigh 500 properties again.
   */
  readonly propertyLists = new LRUCache<string, readonly Property[]>({ max: MAX_PROPERTY_LISTS });
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

  constructor(
    private readonly db: Kysely<Database>,
    private readonly maxAgeMs = DATA_VERSION_MAX_AGE_MS,
  ) {}

  current(): Promise<DataGeneration> {
    if (performance.now() - this.readAt < this.maxAgeMs) return Promise.resolve(this.generation);
    this.reading ??= this.read().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async read(): Promise<DataGeneration> {
    const started = performance.now();
    const row = await this.db.selectFrom('hotel_data_version').select('version').executeTakeFirstOrThrow();
    const version = BigInt(row.version);
    if (version > this.generation.version) this.generation = new DataGeneration(version);
    this.readAt = started;
    return this.generation;
  }
}
