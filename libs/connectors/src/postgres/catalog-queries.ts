import { sql, type Kysely } from 'kysely';
import type { RatePlanKind } from '@hotelapi/domain';
import type { Chain, Property, RatePlan, Room } from '../ports/property-catalog.js';
import type { LeadTimeBand, PropertyRates, RatePlanRates, RoomRates } from '../pricing/rate-rules.js';
import type { Database } from './database.js';

type Texts = Record<string, string>;

/** Translations of one text column as a JSON object, read with the row that owns them. */
const textsOf = (table: string, column: string, where: string) =>
  sql<Texts>`(select json_object_agg(t.language, t.${sql.ref(column)}) from ${sql.table(table)} t where ${sql.raw(where)})`;

/** Every chain with its property codes, by code. */
export async function readChains(db: Kysely<Database>): Promise<Chain[]> {
  const rows = await db
    .selectFrom('chains as c')
    .select(['c.code', 'c.name', 'c.centre_lat', 'c.centre_lon', 'c.widget_origins'])
    .select(sql<string[]>`coalesce((select array_agg(p.code order by p.code) from properties p where p.chain_code = c.code), '{}')`.as('property_codes'))
    .orderBy('c.code')
    .execute();
  return rows.map((row) => ({
    code: row.code,
    name: row.name,
    propertyCodes: row.property_codes,
    centre: { lat: row.centre_lat, lon: row.centre_lon },
    widgetOrigins: row.widget_origins,
  }));
}

/**
 * Catalog entries and pricing rules of the properties, in the order asked (unknown codes left
 * out): three queries whatever the count, translations aggregated in PostgreSQL.
 */
export async function readPropertyRates(db: Kysely<Database>, codes: readonly string[]): Promise<PropertyRates[]> {
  if (codes.length === 0) return [];
  const wanted = sql<string>`any(${codes as string[]})`;
  const [properties, rooms, ratePlans] = await Promise.all([
    db
      .selectFrom('properties as p')
      .selectAll('p')
      .select([
        textsOf('property_texts', 'name', 't.property_code = p.code').as('names'),
        textsOf('property_texts', 'description', 't.property_code = p.code').as('descriptions'),
        sql<LeadTimeBand[]>`coalesce((select json_agg(json_build_object('maxDaysAhead', b.max_days_ahead, 'factor', b.factor) order by b.position)
              from lead_time_bands b where b.property_code = p.code), '[]')`.as('lead_time'),
      ])
      .where('p.code', '=', wanted)
      .execute(),
    db
      .selectFrom('rooms as r')
      .selectAll('r')
      .select([
        textsOf('room_texts', 'name', 't.property_code = r.property_code and t.room_code = r.code').as('names'),
        textsOf('room_texts', 'description', 't.property_code = r.property_code and t.room_code = r.code').as('descriptions'),
      ])
      .where('r.property_code', '=', wanted)
      .orderBy('r.property_code')
      .orderBy('r.position')
      .execute(),
    db
      .selectFrom('rate_plans as rp')
      .selectAll('rp')
      .select(textsOf('rate_plan_texts', 'name', 't.property_code = rp.property_code and t.rate_plan_code = rp.code').as('names'))
      .where('rp.property_code', '=', wanted)
      .orderBy('rp.property_code')
      .orderBy('rp.position')
      .execute(),
  ]);

  const roomsOf = groupBy(rooms, (row) => row.property_code);
  const plansOf = groupBy(ratePlans, (row) => row.property_code);
  const byCode = new Map(
    properties.map((row) => {
      const roomRates: (RoomRates & { active: boolean })[] = (roomsOf.get(row.code) ?? []).map((room) => ({
        active: room.active,
        baseNightly: room.base_nightly,
        room: {
          code: room.code,
          name: room.names ?? {},
          description: room.descriptions ?? {},
          active: room.active,
          maxAdults: room.max_adults,
          maxOccupancy: room.max_occupancy,
        } satisfies Room,
      }));
      const planRates: RatePlanRates[] = (plansOf.get(row.code) ?? []).map((plan) => ({
        plan: {
          code: plan.code,
          name: plan.names ?? {},
          kind: plan.kind as RatePlanKind,
          boardCode: plan.board_code,
          extras: plan.extras,
          cancellation:
            plan.free_cancellation_days === null ? { kind: 'NON_REFUNDABLE' } : { kind: 'FREE_UNTIL', daysBefore: plan.free_cancellation_days },
          beRateIds: plan.be_rate_ids,
        } satisfies RatePlan,
        boardSupplementPerGuest: plan.board_supplement_per_guest,
        priceFactor: plan.price_factor,
        memberFactor: plan.member_factor,
        occupancy: {
          singleOccupancyFactor: plan.single_occupancy_factor,
          extraAdultFactor: plan.extra_adult_factor,
          childFactor: plan.child_factor,
          childBoardShare: plan.child_board_share,
        },
      }));
      const property: Property = {
        code: row.code,
        chainCode: row.chain_code,
        name: row.names ?? {},
        description: row.descriptions ?? {},
        destination: row.destination,
        countryCode: row.country_code,
        location: { lat: row.lat, lon: row.lon },
        timeZone: row.time_zone,
        currency: row.currency,
        rating: row.rating,
        includeInWidgetSearch: row.include_in_widget_search,
        url: row.url,
        bookingUrl: row.booking_url,
        photos: { default: row.photo_default, medium: row.photo_medium, large: row.photo_large },
        noOfPhotos: row.no_of_photos,
        beds: row.beds,
        bedrooms: row.bedrooms,
        bathrooms: row.bathrooms,
        nightsMin: row.nights_min,
        nightsMax: row.nights_max,
        rooms: roomRates.map(({ room }) => room),
        ratePlans: planRates.map(({ plan }) => plan),
      };
      const rates: PropertyRates = {
        property,
        sellableRooms: roomRates.filter(({ active }) => active).map(({ room, baseNightly }) => ({ room, baseNightly })),
        ratePlans: planRates,
        rackPremium: row.rack_premium,
        cityTaxPerAdultNight: row.city_tax_per_adult_night,
        leadTime: row.lead_time,
      };
      return [row.code, rates];
    }),
  );
  return codes.flatMap((code) => byCode.get(code) ?? []);
}

function groupBy<Row>(rows: readonly Row[], keyOf: (row: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}
