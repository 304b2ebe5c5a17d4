import type { AvailabilityMultiQuery } from '../schemas/availability.js';
import type { HotelCandidate } from './hotel-candidate.js';
import { searchableText } from './search-text.js';

/** The filters of a multi-property availability search, exactly as the request carries them. */
export type HotelFilters = Pick<AvailabilityMultiQuery, 'minPrice' | 'maxPrice' | 'destination' | 'rating' | 'boards' | 'propertyName'>;

/**
 * The filters prepared once per search (texts folded, lists turned into sets) and asked one
 * question each, so that facets can apply every filter but one. An absent filter, or an empty
 * list, matches every hotel.
 */
export interface HotelMatcher {
  /** Price range and property name: the filters without a facet, which every count honours. */
  matchesUnfaceted(hotel: HotelCandidate): boolean;
  /** Destination, compared case- and accent-insensitively ("lisbon" finds "Lisbon"). */
  matchesDestination(hotel: HotelCandidate): boolean;
  /** Any of the star ratings asked for. */
  matchesRating(hotel: HotelCandidate): boolean;
  /** A bookable rate with any of the boards asked for. */
  matchesBoards(hotel: HotelCandidate): boolean;
}

const everyHotel = (): boolean => true;

export function hotelMatcher(filters: HotelFilters): HotelMatcher {
  const { minPrice = 0, maxPrice = Number.POSITIVE_INFINITY } = filters;
  const nameText = filters.propertyName === undefined ? undefined : searchableText(filters.propertyName);
  const destination = filters.destination === undefined ? undefined : searchableText(filters.destination);
  const ratings = filters.rating?.length ? new Set(filters.rating) : undefined;
  const boards = filters.boards?.length ? new Set(filters.boards) : undefined;
  return {
    matchesUnfaceted: (hotel) =>
      hotel.minPrice >= minPrice && hotel.minPrice <= maxPrice && (nameText === undefined || hotel.searchableName.includes(nameText)),
    matchesDestination: destination === undefined ? everyHotel : destinationIs(destination),
    matchesRating: ratings === undefined ? everyHotel : (hotel) => ratings.has(hotel.rating),
    matchesBoards: boards === undefined ? everyHotel : (hotel) => hotel.boards.some((board) => boards.has(board)),
  };
}

/** A chain has a handful of destinations and many hotels: each name is folded once per search. */
function destinationIs(wanted: string): (hotel: HotelCandidate) => boolean {
  const verdicts = new Map<string, boolean>();
  return ({ destination }) => {
    let verdict = verdicts.get(destination);
    if (verdict === undefined) {
      verdict = searchableText(destination) === wanted;
      verdicts.set(destination, verdict);
    }
    return verdict;
  };
}

/**
 * The hotels that pass every filter, in their given order. Filters combine with AND; within
 * `rating` and `boards` any listed value will do. Prices compare with the hotel's lowest bookable
 * total, bounds included.
 */
export function filterHotels<Hotel extends HotelCandidate>(candidates: readonly Hotel[], filters: HotelFilters): Hotel[] {
  const matcher = hotelMatcher(filters);
  return candidates.filter(
    (hotel) =>
      matcher.matchesUnfaceted(hotel) && matcher.matchesDestination(hotel) && matcher.matchesRating(hotel) && matcher.matchesBoards(hotel),
  );
}
