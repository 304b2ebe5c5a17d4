import type { AvailabilityMetadata } from '../schemas/availability.js';
import type { HotelCandidate } from './hotel-candidate.js';
import { hotelMatcher, type HotelFilters } from './hotel-filters.js';

/** The facet part of the availability metadata: counts per option and the price range of the result. */
export type AvailabilityFacets = Pick<AvailabilityMetadata, 'destinations' | 'boards' | 'ratings' | 'minPrice' | 'maxPrice'>;

/** Destination names are English catalog names; one collation keeps the facet in one order everywhere. */
const destinationOrder = new Intl.Collator('en');

/**
 * Facets of a search, in one pass over the candidates. Each option counts the hotels that have it
 * and pass every OTHER active filter: a destination's count ignores the destination filter but
 * honours price, name, rating and boards, so a widget can show what choosing that option would
 * give. A hotel counts once under each board it can be booked with.
 *
 * Every option that some candidate has is listed, with 0 where the other filters leave no hotel,
 * so a widget's list of options does not jump about as filters change. `minPrice`/`maxPrice`
 * span the hotels that pass every filter, null when none does.
 */
export function availabilityFacets(candidates: readonly HotelCandidate[], filters: HotelFilters): AvailabilityFacets {
  const matcher = hotelMatcher(filters);
  const destinations = new Map<string, number>();
  const boards = new Map<number, number>();
  const ratings = new Map<number, number>();
  let minPrice: number | null = null;
  let maxPrice: number | null = null;

  for (const hotel of candidates) {
    const matchesUnfaceted = matcher.matchesUnfaceted(hotel);
    const destination = matcher.matchesDestination(hotel);
    const rating = matcher.matchesRating(hotel);
    const board = matcher.matchesBoards(hotel);
    tally(destinations, hotel.destination, matchesUnfaceted && rating && board);
    tally(ratings, hotel.rating, matchesUnfaceted && destination && board);
    for (const code of hotel.boards) tally(boards, code, matchesUnfaceted && destination && rating);
    if (matchesUnfaceted && destination && rating && board) {
      minPrice = minPrice === null ? hotel.minPrice : Math.min(minPrice, hotel.minPrice);
      maxPrice = maxPrice === null ? hotel.minPrice : Math.max(maxPrice, hotel.minPrice);
    }
  }

  return {
    destinations: Object.fromEntries([...destinations].sort(([a], [b]) => destinationOrder.compare(a, b))),
    // Integer-like keys: JSON objects list them in numeric order whatever the insertion order.
    boards: Object.fromEntries(boards),
    ratings: Object.fromEntries(ratings),
    minPrice,
    maxPrice,
  };
}

/** Lists the option, and counts the hotel under it when it passes the other filters. */
function tally<Option>(counts: Map<Option, number>, option: Option, counted: boolean): void {
  counts.set(option, (counts.get(option) ?? 0) + (counted ? 1 : 0));
}
