import type { AvailabilityRequest, Chain, Property, ReviewsSource } from '@hotelapi/connectors';
import {
  availabilityFacets,
  currencySymbol,
  defaultSortOrder,
  destinationCentre,
  filterHotels,
  sortHotels,
  type AvailabilityMultiQuery,
  type AvailabilityMultiResponse,
  type SupportedLanguage,
} from '@hotelapi/domain';
import pLimit, { type LimitFunction } from 'p-limit';
import { conversionsInto, type ConversionsInto } from './availability/conversions.js';
import { eachProperty } from './availability/each-property.js';
import { hotelOffer, type HotelOffer, type OfferSettings } from './availability/hotel-offer.js';
import type { ApiServices } from './context.js';
import { assertStayAllowed } from './stay-check.js';

/** Where properties left out of an answer are reported; a request's logger is one. */
export interface WarningLog {
  warn(details: object, message: string): void;
}

/** Told after each property's offer is in (or left out): how many of how many are done. */
export type ProgressReport = (done: number, total: number) => void;

/** What the availability endpoint calls its stay dates, for the 400s that name them. */
const STAY_PARAMS = { checkIn: 'checkin', checkOut: 'checkout' } as const;

/** The zone a stay is checked in when not one of the chain's properties could be read. */
const FALLBACK_TIME_ZONE = 'UTC';

/**
 * The bookable hotels of a chain for a stay: filtered, sorted, with facets. The one function
 * behind `GET /v1/availability/multi`.
 *
 * Every property is looked up in the catalog and asked of the booking engine concurrently, at
 * most `services.availabilityConcurrency` at once. A property whose lookup fails is logged and
 * left out, never a failed answer; so is one with nothing bookable. Properties kept out of widget
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
  const limit = pLimit(services.availabilityConcurrency);
  const conversions = conversionsInto(services.connectors.exchangeRates, query.currency);
  // Into itself: refuses an unknown currency before any property is looked up.
  await conversions(query.currency);
  const properties = await chainProperties(services, chain, limit, log);
  const timeZones = properties.length > 0 ? properties.map((property) => property.timeZone) : [FALLBACK_TIME_ZONE];
  const stay = { checkIn: query.checkin, checkOut: query.checkout };
  assertStayAllowed(services.stayPolicy, services.now(), timeZones, stay, STAY_PARAMS);
  // Every currency up front, so an unconvertible one is the 400 it is rather than a missing hotel.
  await Promise.all([...new Set(properties.map((property) => property.currency))].map(conversions));

  const settings: OfferSettings = {
    language,
    symbol: currencySymbol(query.currency, language),
    bookingSearch: {
      checkIn: query.checkin,
      checkOut: query.checkout,
      adults: query.adults,
      children: query.children,
      infants: query.infants,
      rooms: query.rooms,
      device: query.device,
      currency: query.currency,
      lang: language,
    },
  };
  const offers = await hotelOffers(services, properties, query, { limit, conversions, settings, log, progress });

  const sortOrder = query.sortOrder ?? defaultSortOrder(query.sortBy);
  const centre = (query.destination === undefined ? undefined : destinationCentre(properties, query.destination)) ?? chain.centre;
  const hotels = sortHotels(filterHotels(offers, query), query.sortBy, sortOrder, centre, language);
  return {
    hotels: hotels.map((offer) => offer.hotel),
    metadata: { ...availabilityFacets(offers, query), sortBy: query.sortBy, sortOrder },
    checkin: query.checkin,
    checkout: query.checkout,
    adults: query.adults,
    currency: query.currency,
    symbol: settings.symbol,
  };
}

/** The chain's properties as the catalog describes them, in the chain's order. */
function chainProperties(services: ApiServices, chain: Chain, limit: LimitFunction, log: WarningLog): Promise<Property[]> {
  const { catalog } = services.connectors;
  return eachProperty(
    chain.propertyCodes,
    limit,
    async (propertyCode) => {
      const property = await catalog.getProperty(propertyCode);
      if (!property) log.warn({ propertyCode, chainCode: chain.code }, 'the chain lists a property the catalog does not know; left out');
      return property;
    },
    (propertyCode, error) => log.warn({ err: error, propertyCode, chainCode: chain.code }, 'catalog lookup failed; property left out'),
  );
}

/** What asking every property for its offer needs beyond the services, all per request. */
interface OfferRound {
  readonly limit: LimitFunction;
  readonly conversions: ConversionsInto;
  readonly settings: OfferSettings;
  readonly log: WarningLog;
  readonly progress: ProgressReport | undefined;
}

/** Each property's bookable offer for the stay; properties with none, or whose lookup fails, are left out. */
function hotelOffers(
  services: ApiServices,
  properties: readonly Property[],
  query: AvailabilityMultiQuery,
  { limit, conversions, settings, log, progress }: OfferRound,
): Promise<HotelOffer[]> {
  const { bookingEngine, reviews } = services.connectors;
  const request: AvailabilityRequest = {
    checkIn: query.checkin,
    checkOut: query.checkout,
    adults: query.adults,
    children: query.children,
    infants: query.infants,
    rooms: query.rooms,
    device: query.device,
  };
  // Review counts cost a call per property and only POPULARITY reads them.
  const wantsPopularity = query.sortBy === 'POPULARITY';
  let done = 0;
  return eachProperty(
    properties,
    limit,
    async (property) => {
      try {
        const [availability, popularity] = await Promise.all([
          bookingEngine.getAvailability(property.code, request),
          wantsPopularity ? reviewCount(reviews, property.code, log) : 0,
        ]);
        return hotelOffer(property, availability, await conversions(availability.currency), popularity, settings);
      } finally {
        done += 1;
        progress?.(done, properties.length);
      }
    },
    (property, error) => log.warn({ err: error, propertyCode: property.code }, 'availability lookup failed; property left out'),
  );
}

/** A hotel whose review count cannot be read still sells rooms: it sorts as unreviewed. */
async function reviewCount(reviews: ReviewsSource, propertyCode: string, log: WarningLog): Promise<number> {
  try {
    return (await reviews.countReviews(propertyCode)).reviews;
  } catch (error) {
    log.warn({ err: error, propertyCode }, 'review count failed; property sorted as unreviewed');
    return 0;
  }
}
