/**
 * Filtering, facets and sorting of a chain's bookable hotels: pure functions over a minimal
 * candidate shape, so the REST endpoint and any other caller apply one set of rules.
 */
export { geographicCentre, destinationCentre, type PlacedProperty } from './centre.js';
export { availabilityFacets, type AvailabilityFacets } from './facets.js';
export type { HotelCandidate } from './hotel-candidate.js';
export { filterHotels, type HotelFilters } from './hotel-filters.js';
export { searchableText } from './search-text.js';
export { defaultSortOrder, sortHotels } from './sort-hotels.js';
