import {
  yieldWhenSliceSpent,
  type AvailabilityRequest,
  type BookingEngine,
  type Chain,
  type ChainAvailability,
  type Property,
  type ReviewsSource,
} from '@hotelapi/connectors';
import {
  availabilityFacets,
  currencySymbol,
  defaultSortOrder,
  destinationCentre,
  filterHotels,
  nightsBetween,
  sortHotels,
  type AvailabilityMultiQuery,
  type AvailabilityMultiResponse,
  type SupportedLanguage,
} from '@hotelapi/domain';
import { conversionsInto, type ConversionsInto } from './availability/conversions.js';
import { askInBatches } from './availability/each-property.js';
import { hotelOffer, type HotelOffer, type OfferSettings } from './availability/hotel-offer.js';
import { UnansweredProperties } from './availability/unanswered-properties.js';
import { BookingLinks } from './booking-url.js';
import type { ApiServices } from './context.js';
import { assertStayAllowed } from './stay-check.js';

/** Where properties left out of an answer are reported; a request's logger is one. */
export interface WarningLog {
  warn(details: object, message: string): void;
}

/** What the availability endpoint calls its stay dates, for the 400s that name them. */
const STAY_PARAMS = { checkIn: 'checkin', checkOut: 'checkout' } as const;

/** Told as the search passes each of its stages: `step` of `steps`, and what was just done. */
export type ProgressReport = (step: number, steps: number, message: string) => void;

/** The zone a stay is checked in when not one of the chain's properties could be read. */
const FALLBACK_TIME_ZONE = 'UTC';

/**
 * The bookable hotels of a chain for a stay: filtered, sorted, with facets. The one function
 * behind `GET /v1/availability/multi`.
 *
 * The chain's properties are read from the catalog and asked of the booking engine set-based, one
 * call each for the whole chain (PostgreSQL answers in a few queries). A property whose lookup fails
 * (or does not answer within the request's deadline) is logged, left out and named in
 * `unavailableProperties`; when not one property answered, the answer is a 503, never an empty
 * list that would read as "nothing free". One with nothing bookable is simply left out. Properties kept out of widget
 * search are answered all the same, marked `includeInWidgetSearch: false`, for the widget to decide.
 *
 * 400s: an unknown `currency`, or a stay the policy refuses in any property's time zone; both
 * are checked before the booking engine is asked anything.
 */
export async function chainAvailability(
  services: ApiServices,
  chain: Chain,
  query: AvailabilityMultiQuery,
  language: SupportedLanguage,
  log: WarningLog,
  progress?: ProgressReport,
): Promise<AvailabilityMultiResponse> {
  const conversions = conversionsInto(services.connectors.exchangeRates, query.currency);
  // Into itself: refuses an unknown currency before any property is looked up.
  await conversions(query.currency);
  const unanswered = new UnansweredProperties(chain);
  const properties = await chainProperties(services, chain, log, unanswered);
  unanswered.refuseWhenNoneAnswered(chain.propertyCodes.length);
  progress?.(1, 3, `${properties.length} properties of ${chain.code} read`);
  const listed = listedOf(properties);
  const timeZones = properties.length > 0 ? listed.timeZones : [FALLBACK_TIME_ZONE];
  const stay = { checkIn: query.checkin, checkOut: query.checkout };
  assertStayAllowed(services.stayPolicy, services.now(), timeZones, stay, STAY_PARAMS);
  // Every currency up front, so an unconvertible one is the 400 it is rather than a missing hotel.
  await Promise.all(listed.currencies.map(conversions));

  const settings: OfferSettings = {
    language,
    symbol: currencySymbol(query.currency, language),
    bookingLinks: new BookingLinks({ ...stayRequestOf(query), currency: query.currency, lang: language }),
  };
  const offers = await hotelOffers(services, properties, query, { conversions, settings, log, unanswered });
  unanswered.refuseWhenNoneAnswered(chain.propertyCodes.length);
  progress?.(2, 3, `${offers.length} bookable properties priced`);

  const sortOrder = query.sortOrder ?? defaultSortOrder(query.sortBy);
  const centre = (query.destination === undefined ? undefined : destinationCentre(properties, query.destination)) ?? chain.centre;
  const hotels = sortHotels(filterHotels(offers, query), query.sortBy, sortOrder, centre, language);
  progress?.(3, 3, `${hotels.length} properties filtered and sorted`);
  return {
    hotels: hotels.map((offer) => offer.hotel),
    metadata: { ...availabilityFacets(offers, query), sortBy: query.sortBy, sortOrder },
    checkin: query.checkin,
    checkout: query.checkout,
    adults: query.adults,
    currency: query.currency,
    symbol: settings.symbol,
    ...unanswered.listed(),
  };
}

/** The chain's properties as the catalog describes them, in the chain's order, read in one go. */
export async function chainProperties(
  services: ApiServices,
  chain: Chain,
  log: WarningLog,
  /** Where a failed lookup is recorded; without it the failure is thrown. */
  unanswered?: UnansweredProperties,
): Promise<readonly Property[]> {
  let properties: readonly Property[];
  try {
    properties = await services.connectors.catalog.getProperties(chain.propertyCodes);
  } catch (error) {
    if (!unanswered) throw error;
    log.warn({ err: error, chainCode: chain.code }, 'catalog lookup failed; no property of the chain answered');
    for (const propertyCode of chain.propertyCodes) unanswered.add(propertyCode, error);
    return [];
  }
  if (properties.length < chain.propertyCodes.length) {
    const known = new Set(properties.map((property) => property.code));
    for (const propertyCode of chain.propertyCodes.filter((code) => !known.has(code))) {
      log.warn({ propertyCode, chainCode: chain.code }, 'the chain lists a property the catalog does not know; left out');
    }
  }
  return properties;
}

/** What asking every property for its offer needs beyond the services, all per request. */
interface OfferRound {
  readonly conversions: ConversionsInto;
  readonly settings: OfferSettings;
  readonly log: WarningLog;
  readonly unanswered: UnansweredProperties;
}

/** The stay and party a chain search asks of the booking engine, and its booking links carry. */
function stayRequestOf(query: AvailabilityMultiQuery): AvailabilityRequest {
  return {
    checkIn: query.checkin,
    checkOut: query.checkout,
    adults: query.adults,
    children: query.children,
    infants: query.infants,
    rooms: query.rooms,
    device: query.device,
  };
}

/**
 * Each property's bookable offer for the stay, from one chain-wide booking-engine call; properties
 * with none, or whose lookup fails, are left out (and the failures logged).
 */
async function hotelOffers(
  services: ApiServices,
  properties: readonly Property[],
  query: AvailabilityMultiQuery,
  { conversions, settings, log, unanswered }: OfferRound,
): Promise<HotelOffer[]> {
  const { bookingEngine, reviews } = services.connectors;
  const request = stayRequestOf(query);
  const { codes, byCode } = listedOf(properties);
  // Review counts only matter to POPULARITY.
  const [chain, popularity] = await Promise.all([
    chainAvailabilityOf(bookingEngine, codes, request),
    query.sortBy === 'POPULARITY' ? reviewCounts(reviews, codes, log) : new Map<string, number>(),
  ]);
  for (const { propertyCode, error } of chain.failures) {
    log.warn({ err: error, propertyCode }, 'availability lookup failed; property left out');
    unanswered.add(propertyCode, error);
  }
  // Each currency's conversion at hand, so pricing thousands of properties awaits nothing but the slices.
  const currencies = [...new Set(chain.properties.map((availability) => availability.currency))];
  const conversionOf = new Map(await Promise.all(currencies.map(async (currency) => [currency, await conversions(currency)] as const)));
  const offers: HotelOffer[] = [];
  for (const availability of chain.properties) {
    // 500 offers in one go would hold the event loop for tens of milliseconds.
    const turn = yieldWhenSliceSpent();
    if (turn) await turn;
    const property = byCode.get(availability.propertyCode);
    const convert = conversionOf.get(availability.currency);
    if (!property || !convert) continue;
    const offer = hotelOffer(property, availability, convert, popularity.get(property.code) ?? 0, settings);
    if (offer) offers.push(offer);
  }
  return offers;
}

/** What a search reads off a chain's property list beside the properties themselves. */
interface ListedProperties {
  readonly codes: readonly string[];
  readonly byCode: ReadonlyMap<string, Property>;
  /** One a property, in the list's order. */
  readonly timeZones: readonly string[];
  /** Each currency once. */
  readonly currencies: readonly string[];
}

/**
 * Worked out once per property list rather than per search: catalogs hand the same list back
 * until the data changes (both keep them), and a list no longer kept takes these with it.
 */
const listedProperties = new WeakMap<readonly Property[], ListedProperties>();

function listedOf(properties: readonly Property[]): ListedProperties {
  let listed = listedProperties.get(properties);
  if (!listed) {
    listed = {
      codes: properties.map((property) => property.code),
      byCode: new Map(properties.map((property) => [property.code, property])),
      timeZones: properties.map((property) => property.timeZone),
      currencies: [...new Set(properties.map((property) => property.currency))],
    };
    listedProperties.set(properties, listed);
  }
  return listed;
}

/** The chain-wide lookup, in batches for a large chain or a long stay; a batch whose call fails is a failure of each of its properties. */
function chainAvailabilityOf(bookingEngine: BookingEngine, propertyCodes: readonly string[], request: AvailabilityRequest): Promise<ChainAvailability> {
  return askInBatches(propertyCodes, nightsBetween(request.checkIn, request.checkOut), (batch) => bookingEngine.getChainAvailability(batch, request));
}

/** Hotels whose review counts cannot be read still sell rooms: they sort as unreviewed. */
async function reviewCounts(reviews: ReviewsSource, propertyCodes: readonly string[], log: WarningLog): Promise<ReadonlyMap<string, number>> {
  try {
    return await reviews.countReviewsOf(propertyCodes);
  } catch (error) {
    log.warn({ err: error }, 'review counts failed; properties sorted as unreviewed');
    return new Map();
  }
}
