import type { AvailabilityMultiParams, AvailabilityMultiResponse, AvailabilitySortBy, Hotel } from '@hotelapi/client';
import {
  availabilityFacets,
  defaultSortOrder,
  filterHotels,
  geographicCentre,
  searchableText,
  sortHotels,
  type HotelCandidate,
  type HotelFilters,
} from '@hotelapi/domain/availability';
import { resolveLanguage } from './i18n/language.js';

/** A hotel of the given answer with what the API's filter, facet and sort rules read. */
interface GivenHotel extends HotelCandidate {
  readonly hotel: Hotel;
}

/**
 * The sorts a given answer can be re-sorted by. Popularity (review counts) is not in an answer:
 * it is offered only when the answer came sorted by it, and then it means the order given.
 */
export function givenSorts(given: AvailabilityMultiResponse): AvailabilitySortBy[] {
  return given.metadata.sortBy === 'POPULARITY' ? ['PRICE', 'POPULARITY', 'NAME', 'DISTANCE'] : ['PRICE', 'NAME', 'DISTANCE'];
}

/**
 * Answers a search from an availability answer the page already holds (an MCP host's tool result)
 * instead of asking the API: the API's own filter, facet and sort rules (`@hotelapi/domain`) over
 * the answer's hotels. The facets count what the given hotels offer, so an answer the API had
 * already filtered can only be narrowed. DISTANCE measures from the centre of the listed hotels of
 * the chosen destination (of all listed hotels without one); the API also counts unbookable ones.
 */
export function answerFromGiven(given: AvailabilityMultiResponse, params: AvailabilityMultiParams): AvailabilityMultiResponse {
  const sortBy = params.sortBy ?? 'PRICE';
  const sortOrder = params.sortOrder ?? defaultSortOrder(sortBy);
  const candidates = candidatesOf(given);
  const filters: HotelFilters = {
    ...(params.destination === undefined ? {} : { destination: params.destination }),
    ...(params.rating === undefined ? {} : { rating: [...params.rating] }),
    ...(params.boards === undefined ? {} : { boards: [...params.boards] }),
    ...(params.minPrice === undefined ? {} : { minPrice: params.minPrice }),
    ...(params.maxPrice === undefined ? {} : { maxPrice: params.maxPrice }),
  };
  const matching = filterHotels(candidates, filters);
  const inDestination = filters.destination === undefined ? candidates : filterHotels(candidates, { destination: filters.destination });
  const centre = geographicCentre(inDestination.map((candidate) => candidate.location)) ?? { lat: 0, lon: 0 };
  const sorted = sortHotels(matching, sortBy, sortOrder, centre, resolveLanguage([params.lang]));
  return {
    ...given,
    hotels: sorted.map((candidate) => candidate.hotel),
    metadata: { ...availabilityFacets(candidates, filters), sortBy, sortOrder },
  };
}

function candidatesOf(given: AvailabilityMultiResponse): GivenHotel[] {
  const { hotels, metadata } = given;
  // Popularity is only known as the order of an answer sorted by it.
  const rank = (index: number) => (metadata.sortBy !== 'POPULARITY' ? 0 : metadata.sortOrder === 'DESC' ? hotels.length - index : index);
  return hotels.map((hotel, index) => ({
    hotel,
    code: hotel.code,
    name: hotel.name,
    searchableName: searchableText(hotel.name),
    destination: hotel.location.name,
    rating: hotel.rating,
    boards: [...new Set(hotel.rates.map((rate) => rate.board))],
    minPrice: hotel.minprice,
    popularity: rank(index),
    location: hotel.location,
  }));
}
