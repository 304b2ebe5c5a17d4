import type { Property, PropertyAvailability, RoomRateAvailability } from '@hotelapi/connectors';
import { searchableText, type Hotel, type HotelCandidate, type HotelRate, type SupportedLanguage } from '@hotelapi/domain';
import { pickText } from '@hotelapi/i18n';
import type { Conversion } from '../currency-conversion.js';
import { plainLink, type BookingLinks } from '../booking-url.js';

/** What every hotel of one answer shares, worked out once per request. */
export interface OfferSettings {
  readonly language: SupportedLanguage;
  /** Symbol of the requested currency. */
  readonly symbol: string;
  /** Each hotel's booking link (`targetUrl`), carrying the search. */
  readonly bookingLinks: BookingLinks;
}

/** A hotel as the answer shows it, with the facts filters, facets and sorts read beside it. */
export interface HotelOffer extends HotelCandidate {
  readonly hotel: Hotel;
}

/**
 * The hotel a property offers for the stay, or undefined when nothing is bookable. `availability`
 * is a chain search's (the cheapest bookable room of each rate plan); `rates` lists them cheapest
 * first, and `minprice` is the first, the lowest bookable total. Prices go through `convert` into
 * the requested currency.
 */
export function hotelOffer(
  property: Property,
  availability: PropertyAvailability,
  convert: Conversion,
  popularity: number,
  settings: OfferSettings,
): HotelOffer | undefined {
  if (availability.rates.length === 0) return undefined;
  const shown = shownIn(property, settings.language);
  const rates = availability.rates.map((rate) => hotelRate(shown, rate, convert)).sort(cheapestFirst);
  const minprice = rates[0].price;
  const { name } = shown;

  const hotel: Hotel = {
    code: property.code,
    name,
    description: shown.description,
    url: property.url,
    targetUrl: settings.bookingLinks.forProperty(property.bookingUrl, shown.plainBookingLink),
    includeInWidgetSearch: property.includeInWidgetSearch,
    rating: property.rating,
    minprice,
    nightsMin: property.nightsMin,
    nightsMax: property.nightsMax,
    symbol: settings.symbol,
    photo: property.photos.default,
    photoM: property.photos.medium,
    photoL: property.photos.large,
    location: shown.location,
    beds: property.beds,
    bathrooms: property.bathrooms,
    bedrooms: property.bedrooms,
    noOfPhotos: property.noOfPhotos,
    rates,
  };
  return {
    hotel,
    code: property.code,
    name,
    searchableName: shown.searchableName,
    destination: property.destination,
    rating: property.rating,
    // A board belongs to a rate plan, so the cheapest room of each plan shows every bookable board.
    boards: boardsOf(rates),
    minPrice: minprice,
    popularity,
    location: property.location,
  };
}

/**
 * A rate as the answer shows it, its properties in the schema's order (the answer's JSON is
 * written in the order they are set) and written out literally: spreading the optional member
 * prices in made a temporary object per rate, thousands per large chain.
 */
function hotelRate(shown: PropertyShown, rate: RoomRateAvailability, convert: Conversion): HotelRate {
  const ratePlan = rate.ratePlanCode;
  // A room the catalog does not list still has a code to show, rather than costing the hotel its place.
  const room = shown.roomNames.get(rate.roomCode) ?? rate.roomCode;
  const board = rate.boardCode;
  const price = convert(rate.total);
  const discount = convert(rate.discount);
  const remaining = rate.remaining;
  const memberPrice = rate.memberTotal === undefined ? undefined : convert(rate.memberTotal);
  const memberDiscount = rate.memberDiscount === undefined ? undefined : convert(rate.memberDiscount);
  if (memberPrice === undefined && memberDiscount === undefined) return { rate: ratePlan, room, board, price, discount, remaining };
  if (memberDiscount === undefined) return { rate: ratePlan, room, board, price, discount, memberPrice, remaining };
  if (memberPrice === undefined) return { rate: ratePlan, room, board, price, discount, memberDiscount, remaining };
  return { rate: ratePlan, room, board, price, discount, memberPrice, memberDiscount, remaining };
}

/** A property's texts as one language shows them. */
interface PropertyShown {
  readonly name: string;
  readonly searchableName: string;
  readonly description: string;
  /** By room code; the first room of a code wins, as a search of the list would find it. */
  readonly roomNames: ReadonlyMap<string, string>;
  /** The property's booking link in its normal form (booking-url.ts's plainLink). */
  readonly plainBookingLink: string | false;
  /** The hotel's `location`, one object for every answer: answers are never changed once made. */
  readonly location: Hotel['location'];
}

/**
 * Texts (and the booking link’s normal form) picked once per catalog entry and language, not once per search: a catalog entry is the
 * same object until the data changes (both catalogs keep them), and an entry no longer kept takes
 * its texts with it (a WeakMap, so bounded by what the catalogs keep).
 */
const shownTexts = new WeakMap<Property, Map<SupportedLanguage, PropertyShown>>();

function shownIn(property: Property, language: SupportedLanguage): PropertyShown {
  let byLanguage = shownTexts.get(property);
  if (!byLanguage) shownTexts.set(property, (byLanguage = new Map()));
  let shown = byLanguage.get(language);
  if (!shown) {
    const name = pickText(property.name, language);
    const roomNames = new Map<string, string>();
    for (const room of property.rooms) if (!roomNames.has(room.code)) roomNames.set(room.code, pickText(room.name, language));
    const plainBookingLink = plainLink(property.bookingUrl);
    const location = { name: property.destination, lat: property.location.lat, lon: property.location.lon };
    shown = { name, searchableName: searchableText(name), description: pickText(property.description, language), roomNames, plainBookingLink, location };
    byLanguage.set(language, shown);
  }
  return shown;
}

/** Each board of the rates once, in their order (a handful of rates: no set needed). */
function boardsOf(rates: readonly HotelRate[]): number[] {
  const boards: number[] = [];
  for (const { board } of rates) if (!boards.includes(board)) boards.push(board);
  return boards;
}

/** Cheapest first; conversion can round two prices equal, and the rate code then keeps one order. */
function cheapestFirst(a: HotelRate, b: HotelRate): number {
  return a.price - b.price || (a.rate < b.rate ? -1 : a.rate > b.rate ? 1 : 0);
}
