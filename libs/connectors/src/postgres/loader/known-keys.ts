import type { Kysely } from 'kysely';
import type { DataRecord } from '@hotelapi/domain';
import type { Database } from '../database.js';

/** A reference a record makes to something that does not exist (yet): the field and why. */
export interface MissingReference {
  readonly field: string;
  readonly why: string;
}

const key = (...parts: string[]): string => parts.join('\u0000');

/**
 * The catalog keys records may refer to: those in the database when the file starts plus those
 * the file has declared so far. Catalog-sized (properties, rooms, rate plans), never ARI-sized,
 * so memory stays bounded however long the file.
 */
export class KnownKeys {
  private constructor(
    private readonly chains: Set<string>,
    private readonly properties: Set<string>,
    private readonly rooms: Set<string>,
    private readonly ratePlans: Set<string>,
    private readonly reviewSources: Set<string>,
  ) {}

  /** Every key in the database: a file may refer to anything. */
  static async read(db: Kysely<Database>): Promise<KnownKeys> {
    return KnownKeys.readWhere(db);
  }

  /**
   * Only the keys of these chains and properties: what a push's records can refer to, read with
   * a few indexed lookups however large the catalog.
   */
  static async readFor(db: Kysely<Database>, scope: { readonly chains: readonly string[]; readonly properties: readonly string[] }): Promise<KnownKeys> {
    return KnownKeys.readWhere(db, scope);
  }

  private static async readWhere(db: Kysely<Database>, scope?: { readonly chains: readonly string[]; readonly properties: readonly string[] }): Promise<KnownKeys> {
    // `in ()` is not SQL: an empty list matches nothing by a condition that is never true.
    const chainCodes = scope && (scope.chains.length ? scope.chains : ['']);
    const propertyCodes = scope && (scope.properties.length ? scope.properties : ['']);
    const [chains, properties, rooms, ratePlans, sources] = await Promise.all([
      db.selectFrom('chains').select('code').$if(chainCodes !== undefined, (q) => q.where('code', 'in', chainCodes ?? [])).execute(),
      db.selectFrom('properties').select('code').$if(propertyCodes !== undefined, (q) => q.where('code', 'in', propertyCodes ?? [])).execute(),
      db.selectFrom('rooms').select(['property_code', 'code']).$if(propertyCodes !== undefined, (q) => q.where('property_code', 'in', propertyCodes ?? [])).execute(),
      db.selectFrom('rate_plans').select(['property_code', 'code']).$if(propertyCodes !== undefined, (q) => q.where('property_code', 'in', propertyCodes ?? [])).execute(),
      db.selectFrom('review_sources').select(['property_code', 'channel']).$if(propertyCodes !== undefined, (q) => q.where('property_code', 'in', propertyCodes ?? [])).execute(),
    ]);
    return new KnownKeys(
      new Set(chains.map((row) => row.code)),
      new Set(properties.map((row) => row.code)),
      new Set(rooms.map((row) => key(row.property_code, row.code))),
      new Set(ratePlans.map((row) => key(row.property_code, row.code))),
      new Set(sources.map((row) => key(row.property_code, row.channel))),
    );
  }

  /** The first reference of the record to something unknown, if any. */
  missing(record: DataRecord): MissingReference | undefined {
    if (record.type === 'chain' || record.type === 'exchangeRate') return undefined;
    if (record.type === 'property') {
      return this.chains.has(record.chain) ? undefined : { field: 'chain', why: `unknown chain "${record.chain}" (declare it first)` };
    }
    if (!this.properties.has(record.property)) {
      return { field: 'property', why: `unknown property "${record.property}" (declare it first)` };
    }
    const property = record.property;
    const room = (code: string, field: string) =>
      this.rooms.has(key(property, code)) ? undefined : { field, why: `property ${property} has no room "${code}"` };
    const ratePlan = (code: string, field: string) =>
      this.ratePlans.has(key(property, code)) ? undefined : { field, why: `property ${property} has no rate plan "${code}"` };
    switch (record.type) {
      case 'ari':
        return room(record.room, 'room') ?? firstOf(record.stopSell.map((code, index) => () => ratePlan(code, `stopSell.${index}`)));
      case 'channelShop':
        return firstOf(
          record.prices.flatMap((price, index) => [() => room(price.room, `prices.${index}.room`), () => ratePlan(price.ratePlan, `prices.${index}.ratePlan`)]),
        );
      case 'review':
        return this.reviewSources.has(key(property, record.channel))
          ? undefined
          : { field: 'channel', why: `property ${property} has no review source "${record.channel}" (list it in its reviewSummary)` };
      default:
        return undefined;
    }
  }

  /** Remembers what the record declares, for the records after it. */
  add(record: DataRecord): void {
    switch (record.type) {
      case 'chain':
        this.chains.add(record.code);
        break;
      case 'property':
        this.properties.add(record.code);
        break;
      case 'room':
        this.rooms.add(key(record.property, record.code));
        break;
      case 'ratePlan':
        this.ratePlans.add(key(record.property, record.code));
        break;
      case 'reviewSummary':
        for (const source of record.sources) this.reviewSources.add(key(record.property, source.channel));
        break;
      default:
    }
  }
}

function firstOf(checks: readonly (() => MissingReference | undefined)[]): MissingReference | undefined {
  for (const check of checks) {
    const missing = check();
    if (missing) return missing;
  }
  return undefined;
}
