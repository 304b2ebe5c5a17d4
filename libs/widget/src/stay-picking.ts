import type { PriceCalendarDay } from './api/availability-api.js';
import { addDays, nightsBetween, type CalendarDate } from './calendar-date.js';

/** The longest stay a guest may pick, as the API allows by default. */
export const MAX_NIGHTS = 30;

/** What the calendar knows when a guest points at a day. */
export interface PickingContext {
  readonly today: CalendarDate;
  /** The price calendar's days; a day it does not list (not loaded) is not held against the guest. */
  readonly days: ReadonlyMap<CalendarDate, PriceCalendarDay>;
  /** The arrival already picked, when the guest is now picking a departure. */
  readonly arrival?: CalendarDate;
}

/**
 * Whether `day` may be picked: as an arrival, a day from today that is sold and open to arrivals;
 * as a departure, a day at least the arrival's minimum stay and at most 30 nights after it, with
 * every night in between sold (the departure day itself need not be).
 */
export function isPickable(day: CalendarDate, { today, days, arrival }: PickingContext): boolean {
  if (day < today) return false;
  if (arrival === undefined) {
    const info = days.get(day);
    return !info || (isSold(info) && !info.closedToArrival);
  }
  const nights = nightsBetween(arrival, day);
  if (nights < minimumStay(arrival, days) || nights > MAX_NIGHTS) return false;
  for (let night = arrival; night < day; night = addDays(night, 1)) {
    const info = days.get(night);
    if (info && !isSold(info)) return false;
  }
  return true;
}

/**
 * Whether a day is sold at all. The calendar is asked for one-night stays, so `bookable` is false
 * on a day whose minimum stay is longer (a New Year's three nights) although a stay of that length
 * arriving then, or passing through, can be booked: such a day counts as sold.
 */
export function isSold(info: PriceCalendarDay): boolean {
  return info.bookable || onlyLongerStays(info);
}

/** Not bookable for one night only because arrivals that day must stay longer. */
export function onlyLongerStays(info: PriceCalendarDay): boolean {
  return !info.bookable && (info.minStay ?? 0) > 1;
}

/** Fewest nights a stay from `arrival` must have: the day's `minStay`, at least 1. */
export function minimumStay(arrival: CalendarDate, days: ReadonlyMap<CalendarDate, PriceCalendarDay>): number {
  return Math.max(1, days.get(arrival)?.minStay ?? 1);
}
