import type { LatLon } from '../rules/distance.js';

/**
 * What filtering, facets and sorting need to know about one bookable hotel of a chain, and nothing
 * more: the API builds one per hotel from the catalog and the booking engine, and keeps the rest of
 * the hotel alongside (the functions are generic, so extra fields travel through untouched).
 */
export interface HotelCandidate {
  /** Property code: the last tie-break of every sort, so equal hotels always come in one order. */
  readonly code: string;
  /** Name as the response shows it, in the response language; NAME sorts by it. */
  readonly name: string;
  /**
   * `name` through `searchableText`, computed once per hotel: the propertyName filter compares it
   * with the folded search text, and folding is the dearest step of that comparison.
   */
  readonly searchableName: string;
  /** Destination name, as the catalog spells it; the destinations facet is keyed by it. */
  readonly destination: string;
  /** Star rating, 1 to 5. */
  readonly rating: number;
  /** OpenTravel meal-plan codes of the hotel's bookable rates, each once. */
  readonly boards: readonly number[];
  /** Lowest bookable total for the stay, in the requested currency. */
  readonly minPrice: number;
  /** How many reviews the hotel has: what POPULARITY sorts by, and nothing else reads (0 will do for other sorts). */
  readonly popularity: number;
  readonly location: LatLon;
}
