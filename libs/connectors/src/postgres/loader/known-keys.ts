import { sql, type Kysely } from 'kysely';
import type { DataRecord } from '@hotelapi/domain';
import type { Database } from '../database.js';

/** A reference a record makes to something that does not exist (yet): the field and why. */
export interface MissingReference {
  readonly field: string;
  readonly why: string;
}

/** A property's room, rate plan or review source, as one string. */
function key(property: string, code: string): string {
  return `${property}\u0000${code}`;
}

/**
 * The chains and properties a push's references can point at, and whether any of its records
 * can name a rate plan (a stop-sell, a channel price) or a review source (a review).
 */
export interface KeyScope {
  readonly chains: readonly string[];
  readonly properties: readonly string[];
  readonly ratePlans?: boolean;
  /** The rooms records name (property, room): only these are read; absent, every room of the properties. */
  readonly rooms?: { readonly properties: readonly string[]; readonly codes: readonly string[] };
  readonly reviewSources?: boolean;
}

/**
 * The catalog keys records may refer to: those in the database when the file starts plus those
 * the file has declared so far. Catalog-sized (properties, rooms, rate plans), never ARI-sized,
 * so memory stays bounded however long the file.
 */
export class KnownKeys {
  private constructor(
    private readonly chains: Set<string>,
    /** Each property's chain. */
    private readonly properties: Map<string, string>,
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
  static async readFor(db: Kysely<Database>, scope: KeyScope): Promise<KnownKeys> {
    return KnownKeys.readWhere(db, scope);
  }

  private static async readWhere(db: Kysely<Database>, scope?: KeyScope): Promise<KnownKeys> {
    // One statement, not one per table: a push pays one round trip for its references. A scope
    // names its codes as arrays (`= any`), so the statement's text is the same for every push.
    const among = (column: string, codes: readonly string[] | undefined) => (codes ? sql`${sql.ref(column)} = any(${[...codes]}::text[])` : sql`true`);
    const properties = scope?.properties;
    const { rows } = await sql<{ kind: 'chain' | 'property' | 'room' | 'ratePlan' | 'reviewSource'; a: string; b: string | null }>`
      select 'chain' as kind, code as a, null as b from chains where ${among('code', scope?.chains)}
      union all select 'property', code, chain_code from properties where ${among('code', properties)}
      union all select 'room', property_code, code from rooms where ${
        scope?.rooms
          ? sql`(property_code, code) in (select * from unnest(${[...scope.rooms.properties]}::text[], ${[...scope.rooms.codes]}::text[]))`
          : among('property_code', properties)
      }
      union all select 'ratePlan', property_code, code from rate_plans where ${scope?.ratePlans === false ? sql`false` : among('property_code', properties)}
      union all select 'reviewSource', property_code, channel from review_sources where ${scope?.reviewSources === false ? sql`false` : among('property_code', properties)}`.execute(db);
    const known = new KnownKeys(new Set(), new Map(), new Set(), new Set(), new Set());
    const sets = { chain: known.chains, room: known.rooms, ratePlan: known.ratePlans, reviewSource: known.reviewSources };
    for (const { kind, a, b } of rows) {
      if (kind === 'property') known.properties.set(a, b ?? '');
      else sets[kind].add(b === null ? a : key(a, b));
    }
    return known;
  }

  /**
   * The first reference of the record to something unknown, if any. Called for every record of
   * a load: plain loops and lookups, no closure made per record.
   */
  missing(record: DataRecord): MissingReference | undefined {
    if (record.type === 'chain' || record.type === 'exchangeRate') return undefined;
    if (record.type === 'property') {
      return this.chains.has(record.chain) ? undefined : { field: 'chain', why: `unknown chain "${record.chain}" (declare it first)` };
    }
    const property = record.property;
    if (!this.properties.has(property)) {
      return { field: 'property', why: `unknown property "${property}" (declare it first)` };
    }
    switch (record.type) {
      case 'ari': {
        if (!this.rooms.has(key(property, record.room))) return noRoom(property, record.room, 'room');
        const { stopSell } = record;
        for (let index = 0; index < stopSell.length; index++) {
          const code = stopSell[index] as string;
          if (!this.ratePlans.has(key(property, code))) return noRatePlan(property, code, `stopSell.${index}`);
        }
        return undefined;
      }
      case 'channelShop': {
        const { prices } = record;
        for (let index = 0; index < prices.length; index++) {
          const { room, ratePlan } = prices[index] as (typeof prices)[number];
          if (!this.rooms.has(key(property, room))) return noRoom(property, room, `prices.${index}.room`);
          if (!this.ratePlans.has(key(property, ratePlan))) return noRatePlan(property, ratePlan, `prices.${index}.ratePlan`);
        }
        return undefined;
      }
      case 'review':
        return this.reviewSources.has(key(property, record.channel))
          ? undefined
          : { field: 'channel', why: `property ${property} has no review source "${record.channel}" (list it in its reviewSummary)` };
      default:
        return undefined;
    }
  }

  /** The chain of a property known ('' for one unknown). */
  chainOf(property: string): string {
    return this.properties.get(property) ?? '';
  }

  /** Remembers what the record declares, for the records after it. */
  add(record: DataRecord): void {
    switch (record.type) {
      case 'chain':
        this.chains.add(record.code);
        break;
      case 'property':
        this.properties.set(record.code, record.chain);
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

function noRoom(property: string, code: string, field: string): MissingReference {
  return { field, why: `property ${property} has no room "${code}"` };
}

function noRatePlan(property: string, code: string, field: string): MissingReference {
  return { field, why: `property ${property} has no rate plan "${code}"` };
}
