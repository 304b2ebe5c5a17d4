import type { AvailabilityMultiParams, AvailabilitySortBy } from '@hotelapi/client';
import type { CalendarDate } from './calendar-date.js';

export const SORTS: readonly AvailabilitySortBy[] = ['PRICE', 'POPULARITY', 'NAME', 'DISTANCE'];

/** What the guest has asked for: the form, the sort and the filters. */
export interface SearchState {
  readonly destination: string;
  readonly arrival: CalendarDate;
  readonly departure: CalendarDate;
  readonly adults: number;
  readonly children: number;
  readonly rooms: number;
  readonly sortBy: AvailabilitySortBy;
  readonly ratings: readonly number[];
  readonly boards: readonly number[];
  readonly minPrice?: number;
  readonly maxPrice?: number;
}

/** The multi-property availability query for a search; empty filters are left out. */
export function searchParams(state: SearchState, chainCode: string, currency: string, lang: string): AvailabilityMultiParams {
  return {
    chainCode,
    checkin: state.arrival,
    checkout: state.departure,
    currency,
    adults: state.adults,
    children: state.children,
    rooms: state.rooms,
    lang,
    sortBy: state.sortBy,
    destination: state.destination || undefined,
    rating: state.ratings.length ? [...state.ratings].sort() : undefined,
    boards: state.boards.length ? [...state.boards].sort() : undefined,
    minPrice: state.minPrice,
    maxPrice: state.maxPrice,
  };
}

/** A number the guest typed into a price box: empty or unreadable means no bound. */
export function priceBound(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

export function toggled(values: readonly number[], value: number, on: boolean): number[] {
  const rest = values.filter((v) => v !== value);
  return on ? [...rest, value] : rest;
}
