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
 * Whether `day` may be picked: as an arrival, a day from today that is bookable and open to
 * arrivals; as a departure, a day at least the arrival's minimum stay and at most 30 nights after
 * it, with every night in between bookable (the departure day itself need not be).
 */
export function isPickable(day: CalendarDate, { today, days, arrival }: PickingContext): boolean {
  if (day < today) return false;
  if (arrival === undefined) {
    const info = days.get(day);
    return !info || (info.bookable && !info.closedToArrival);
  }
  const nights = nightsBetween(arrival, day);
  if (nights < minimumStay(arrival, days) || nights > MAX_NIGHTS) return false;
  for (let night = arrival; night < day; night = addDays(night, 1)) {
    if (days.get(night)?.bookable === false) return false;
  }
  return true;
}

/** Fewest nights a stay from `arrival` must have: the day's `minStay`, at least 1. */
export function minimumStay(arrival: CalendarDate, days: ReadonlyMap<CalendarDate, PriceCalendarDay>): number {
  return Math.max(1, days.get(arrival)?.minStay ?? 1);
}
