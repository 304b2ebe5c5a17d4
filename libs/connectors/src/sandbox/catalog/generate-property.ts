import type { RatePlanKind, SupportedLanguage } from '@hotelapi/domain';
import type { CancellationRule, RatePlan, Room } from '../../ports/property-catalog.js';
import type { GeoPoint } from '../../ports/stay.js';
import { SANDBOX_FIXTURES } from '../fixtures.js';
import { hashString, Random } from '../random.js';
import type { PropertySlot } from '../world/chains.js';
import { EURO_EXCHANGE_RATES } from '../world/euro-exchange-rates.js';
import { inLanguages, TEXT_LANGUAGES, translate } from '../world/languages.js';
import { BOARD_OFFERS, type BoardOffer } from './boards.js';
import { SANDBOX_EXTRAS } from './extras.js';
import { FEATURE_SENTENCES, locationSentence, NAME_QUALIFIERS } from './property-texts.js';
import { MEMBER_PRICE_FACTOR, RATE_PLAN_PRICE_FACTOR, SANDBOX_LEAD_TIME, SANDBOX_OCCUPANCY } from '../pricing/sandbox-rules.js';
import { channelsSelling } from '../pricing/channel-prices.js';
import { sandboxPhotos } from './sandbox-photos.js';
import { RATE_PLAN_KIND_TEXTS } from './rate-plan-kinds.js';
import { ROOM_TYPES, STANDARD_ROOM_CODE } from './room-types.js';
import type { PricedRatePlan, PricedRoom, SandboxProperty } from './sandbox-property.js';

/** Nightly price of a standard double in a euro-zone city, by star rating (index 0 for 1 star). */
const STANDARD_DOUBLE_EUR_BY_RATING = [55, 75, 105, 150, 260];
/** How common each star rating is: mostly three and four stars, as in real chains. */
const RATING_WEIGHTS: readonly (readonly [number, number])[] = [
  [1, 1],
  [2, 2],
  [3, 4],
  [4, 4],
  [5, 2],
];
const OPTIONAL_KINDS: readonly RatePlanKind[] = ['NON_REFUNDABLE', 'MEMBER', 'PARTNER'];
const FREE_CANCELLATION_DAYS = [1, 2, 3, 7, 14];
const KM_PER_DEGREE = 111.32;

const englishOnly = new Set(SANDBOX_FIXTURES.englishOnly);
const hiddenFromWidgetSearch = new Set(SANDBOX_FIXTURES.hiddenFromWidgetSearch);

/** The languages a property's texts have been translated into (see the fixtures for the gaps). */
function textLanguagesOf(code: string): readonly SupportedLanguage[] {
  if (englishOnly.has(code)) return ['en'];
  const missing = SANDBOX_FIXTURES.partiallyTranslated[code] ?? [];
  return TEXT_LANGUAGES.filter((language) => !missing.includes(language));
}

/** A point `km` from `centre` in direction `bearing` (radians); flat-earth is fine over a few km. */
function pointNear(centre: GeoPoint, km: number, bearing: number): GeoPoint {
  const lat = centre.lat + (km * Math.cos(bearing)) / KM_PER_DEGREE;
  const lon = centre.lon + (km * Math.sin(bearing)) / (KM_PER_DEGREE * Math.cos((centre.lat * Math.PI) / 180));
  return { lat: Math.round(lat * 1e6) / 1e6, lon: Math.round(lon * 1e6) / 1e6 };
}

/**
 * A property's catalog entry and pricing figures, all drawn from the seed of its code, so the
 * same code gives the same property on every machine, in any order of generation.
 */
export function generateProperty(slot: PropertySlot): SandboxProperty {
  const { code, chain, destination } = slot;
  const random = new Random(`property:${code}`);
  const languages = textLanguagesOf(code);
  const rating = random.weighted(RATING_WEIGHTS);
  const kmFromCentre = Math.round(random.between(0.2, 4.5) * 10) / 10;
  const location = pointNear(destination.centre, kmFromCentre, random.between(0, 2 * Math.PI));
  // Qualifiers are dealt in turn from a chain-and-city offset, so names never repeat in a city.
  const qualifierOffset = hashString(chain.code + destination.name);
  const qualifier = NAME_QUALIFIERS[(qualifierOffset + slot.rankInDestination) % NAME_QUALIFIERS.length];
  const feature = random.pick(FEATURE_SENTENCES);
  const name = translate((language) => `${chain.brand} ${destination.localName[language]} ${qualifier[language]}`);
  const description = translate(
    (language) => `${locationSentence(language, rating, destination.localName[language], kmFromCentre)} ${feature[language]}`,
  );

  // Everything in the price list is in euros for a euro-zone city; this brings it to the local market.
  const localPriceFactor = destination.priceLevel * (EURO_EXCHANGE_RATES.get(destination.currency) ?? 1);
  const standardNightly = STANDARD_DOUBLE_EUR_BY_RATING[rating - 1] * localPriceFactor * random.between(0.9, 1.12);
  const { rooms, sellableRooms } = drawRooms(random, languages, standardNightly);
  const seed = hashString(code);
  const ratePlans: PricedRatePlan[] = drawRatePlans(random, languages).map(({ plan, board }, index) => ({
    plan,
    index,
    channels: channelsSelling(seed, plan, index),
    boardSupplementPerGuest: board.supplementPerGuestEur * localPriceFactor,
    priceFactor: RATE_PLAN_PRICE_FACTOR[plan.kind],
    memberFactor: plan.kind === 'MEMBER' ? MEMBER_PRICE_FACTOR : null,
    occupancy: SANDBOX_OCCUPANCY,
  }));

  const bedrooms = random.int(15, 80) * (rating >= 4 ? 3 : 1);
  return {
    property: {
      code,
      chainCode: chain.code,
      name: inLanguages(name, languages),
      description: inLanguages(description, languages),
      destination: destination.name,
      countryCode: destination.countryCode,
      location,
      timeZone: destination.timeZone,
      currency: destination.currency,
      rating,
      includeInWidgetSearch: !hiddenFromWidgetSearch.has(code),
      url: `${chain.websiteOrigin}/hotels/${code.toLowerCase()}`,
      bookingUrl: `${chain.bookingOrigin}/${code}`,
      photos: sandboxPhotos(code),
      noOfPhotos: random.int(6, 48),
      beds: Math.round(bedrooms * random.between(1.3, 1.9)),
      bedrooms,
      bathrooms: bedrooms,
      nightsMin: random.chance(0.2) ? 2 : 1,
      nightsMax: random.int(14, 30),
      rooms,
      ratePlans: ratePlans.map(({ plan }) => plan),
    },
    seed,
    destination,
    sellableRooms,
    ratePlans,
    rackPremium: random.between(1.12, 1.25),
    cityTaxPerAdultNight: destination.cityTaxPerAdultNight,
    leadTime: SANDBOX_LEAD_TIME,
  };
}

/**
 * 3 to 8 rooms, cheapest first, always with the standard double. One property in four has
 * stopped selling its dearest room (think refurbishment): the catalog still lists it, inactive.
 */
function drawRooms(
  random: Random,
  languages: readonly SupportedLanguage[],
  standardNightly: number,
): { rooms: Room[]; sellableRooms: PricedRoom[] } {
  const others = ROOM_TYPES.filter((type) => type.code !== STANDARD_ROOM_CODE);
  const chosen = new Set(random.sample(others, random.int(2, others.length)));
  const types = ROOM_TYPES.filter((type) => type.code === STANDARD_ROOM_CODE || chosen.has(type));
  // The dearest is never the standard double: at least two dearer types are always chosen.
  const retired = random.chance(0.25) ? types[types.length - 1] : undefined;
  const rooms = types.map((type) => ({
    code: type.code,
    name: inLanguages(type.name, languages),
    description: inLanguages(type.description, languages),
    active: type !== retired,
    maxAdults: type.maxAdults,
    maxOccupancy: type.maxOccupancy,
  }));
  const sellableRooms = types.flatMap((type, index) =>
    type === retired ? [] : [{ room: rooms[index], index, baseNightly: standardNightly * type.priceFactor }],
  );
  return { rooms, sellableRooms };
}

/** Non-refundable plans have no free cancellation; member plans keep the flexible plan's terms. */
function cancellationOf(kind: RatePlanKind, flexible: CancellationRule, random: Random): CancellationRule {
  if (kind === 'NON_REFUNDABLE') return { kind: 'NON_REFUNDABLE' };
  if (kind === 'PARTNER') return { kind: 'FREE_UNTIL', daysBefore: random.pick(FREE_CANCELLATION_DAYS) };
  return flexible;
}

/**
 * 2 to 4 rate plans, one per kind, always with a flexible (refundable) one. The non-refundable
 * and member plans are variants of the flexible one (same board, like most hotels sell them);
 * the partner plan carries its own board.
 */
function drawRatePlans(random: Random, languages: readonly SupportedLanguage[]): { plan: RatePlan; board: BoardOffer }[] {
  const kinds: RatePlanKind[] = ['REFUNDABLE', ...random.sample(OPTIONAL_KINDS, random.int(1, OPTIONAL_KINDS.length))];
  const boardWeights = BOARD_OFFERS.map((board) => [board, board.weight] as const);
  const flexibleBoard = random.weighted(boardWeights);
  const flexibleCancellation: CancellationRule = { kind: 'FREE_UNTIL', daysBefore: random.pick(FREE_CANCELLATION_DAYS) };
  return kinds.map((kind) => {
    const board = kind === 'PARTNER' ? random.weighted(boardWeights) : flexibleBoard;
    const cancellation = cancellationOf(kind, flexibleCancellation, random);
    const extras = new Set(random.sample(SANDBOX_EXTRAS, random.int(0, 2)));
    if (kind === 'MEMBER') extras.add('LATE_CHECKOUT');
    const { code, label } = RATE_PLAN_KIND_TEXTS[kind];
    const plan: RatePlan = {
      code,
      name: inLanguages(translate((language) => `${label[language]} – ${board.label[language]}`), languages),
      kind,
      boardCode: board.code,
      extras: SANDBOX_EXTRAS.filter((extra) => extras.has(extra)),
      cancellation,
      beRateIds: Array.from({ length: random.int(1, 2) }, () => `BE${random.int(100_000, 999_999)}`),
    };
    return { plan, board };
  });
}
