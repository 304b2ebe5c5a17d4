import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Chain } from '../ports/property-catalog.js';
import type { PropertyReviews } from '../ports/reviews-source.js';
import type { PropertyRates } from '../pricing/rate-rules.js';
import type { Database } from './database.js';

/** Most properties' catalog entries and rules kept: a few MEGA-sized chains. */
const MAX_PROPERTIES = 5_000;
/** Most reviews kept, summed over properties (each property weighs one plus its reviews). */
const MAX_REVIEWS = 100_000;
/** Most exchange-rate answers kept (a pair of currencies on a day). */
const MAX_EXCHANGE_RATES = 1_000;

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
  chains: Promise<readonly Chain[]> | undefined;

  constructor(readonly version: bigint) {}
}

/**
 * The generation of the data as committed now. Every port call reads the data version (one row,
 * one index lookup) before anything else, so a file the loader commits is seen by the next call
 * of every instance; whatever was read under an older version is dropped. Calls arriving while a
 * read is under way share it: the only staleness there is, one round trip to PostgreSQL. The
 * version is read before the data it tags, so a generation never holds data older than its
 * version (at worst newer, read again at the next bump).
 */
export class DataVersionCache {
  private generation = new DataGeneration(0n);
  private reading: Promise<DataGeneration> | undefined;

  constructor(private readonly db: Kysely<Database>) {}

  current(): Promise<DataGeneration> {
    this.reading ??= this.read().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async read(): Promise<DataGeneration> {
    const row = await this.db.selectFrom('hotel_data_version').select('version').executeTakeFirstOrThrow();
    const version = BigInt(row.version);
    if (version > this.generation.version) this.generation = new DataGeneration(version);
    return this.generation;
  }
}
