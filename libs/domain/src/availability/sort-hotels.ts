import type { AvailabilitySortBy, SortOrder, SupportedLanguage } from '../enums.js';
import { haversineKm, type LatLon } from '../rules/distance.js';
import type { HotelCandidate } from './hotel-candidate.js';

/** The order a sort goes in when the request names none: most reviewed first, else lowest first. */
export function defaultSortOrder(sortBy: AvailabilitySortBy): SortOrder {
  return sortBy === 'POPULARITY' ? 'DESC' : 'ASC';
}

/**
 * Collators are dear to build and languages few: one per language, kept. A language may arrive
 * unchecked, so past a handful the map starts again: bounded without lru-cache, which would
 * weigh on the widget's bundle (it sorts with this module).
 */
const collators = new Map<SupportedLanguage, Intl.Collator>();
const MOST_COLLATORS = 16;

function collatorFor(language: SupportedLanguage): Intl.Collator {
  let collator = collators.get(language);
  if (!collator) {
    // Numeric, so "Tower 2" comes before "Tower 10".
    collator = new Intl.Collator(language, { numeric: true });
    if (collators.size >= MOST_COLLATORS) collators.clear();
    collators.set(language, collator);
  }
  return collator;
}

/**
 * The hotels in a new array, ordered by:
 * - PRICE: lowest bookable total;
 * - POPULARITY: number of reviews;
 * - NAME: the name as shown, collated in the response `language` (accents where that language
 *   puts them, numbers by value);
 * - DISTANCE: great-circle distance from `centre` (the caller picks it: the destination's centre
 *   or the chain's).
 * `sortOrder` reverses the key only: hotels that tie are always in ascending code order, so the
 * order never changes between calls.
 */
export function sortHotels<Hotel extends HotelCandidate>(
  candidates: readonly Hotel[],
  sortBy: AvailabilitySortBy,
  sortOrder: SortOrder,
  centre: LatLon,
  language: SupportedLanguage,
): Hotel[] {
  const direction = sortOrder === 'ASC' ? 1 : -1;
  const compareKeys = keyComparison(candidates, sortBy, centre, language);
  return [...candidates].sort((a, b) => direction * compareKeys(a, b) || byCode(a, b));
}

/** Compares two hotels by the sort key, ascending; each key is computed once per hotel, not per comparison. */
function keyComparison(
  candidates: readonly HotelCandidate[],
  sortBy: AvailabilitySortBy,
  centre: LatLon,
  language: SupportedLanguage,
): (a: HotelCandidate, b: HotelCandidate) => number {
  switch (sortBy) {
    case 'PRICE':
      return (a, b) => a.minPrice - b.minPrice;
    case 'POPULARITY':
      return (a, b) => a.popularity - b.popularity;
    case 'NAME': {
      const collator = collatorFor(language);
      return (a, b) => collator.compare(a.name, b.name);
    }
    case 'DISTANCE': {
      const distances = new Map(candidates.map((hotel) => [hotel, haversineKm(centre, hotel.location)]));
      const distanceOf = (hotel: HotelCandidate) => distances.get(hotel) ?? haversineKm(centre, hotel.location);
      return (a, b) => distanceOf(a) - distanceOf(b);
    }
  }
}

/** Codes are ASCII identifiers: code-unit order is the same everywhere, unlike a collation. */
function byCode(a: HotelCandidate, b: HotelCandidate): number {
  return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
}
