import type { MonthlyLowestRate } from '../ports/booking-engine.js';
import { firstDayOfMonth, formatIsoDate, monthOf, type EpochDay } from './calendar.js';
import { partyOf } from './party.js';
import { quoteOfferedRates, stayAt } from './quote-stay.js';
import type { AriCalendar, PropertyRates } from './rate-rules.js';

/** The calendar's reference party: a one-night stay for two adults in one room. */
const TWO_ADULTS = partyOf({ adults: 2, children: 0 });

/**
 * For each of `months` months from the month of `from`, the cheapest night a couple could book
 * (any room and rate not closed or sold out; a minimum stay does not stop it, it is reported).
 * Nights before `from` and before today are left out; a month with no bookable night is omitted.
 */
export function lowestMonthlyRates(rates: PropertyRates, calendar: AriCalendar, from: EpochDay, months: number, today: EpochDay): MonthlyLowestRate[] {
  const firstMonth = monthOf(from);
  const lowest: MonthlyLowestRate[] = [];
  for (let offset = 0; offset < months; offset++) {
    const monthEnd = firstDayOfMonth(firstMonth, offset + 1);
    let best: MonthlyLowestRate | undefined;
    for (let day = Math.max(from, today, firstDayOfMonth(firstMonth, offset)); day < monthEnd; day++) {
      const stay = stayAt(rates, calendar, day, day + 1, TWO_ADULTS, today);
      for (const quote of quoteOfferedRates(stay)) {
        const bookable = quote.status === 'AVL' || quote.status === 'MINSTAY';
        if (bookable && (!best || quote.total < best.rate)) {
          best = { ...monthOf(day), day: formatIsoDate(day), rate: quote.total, minStay: quote.minStay };
        }
      }
    }
    if (best) lowest.push(best);
  }
  return lowest;
}

/** The nights `lowestMonthlyRates` reads: from the later of `from` and today to the end of the last month. */
export function lowestMonthlyRatesWindow(from: EpochDay, months: number, today: EpochDay): { readonly first: EpochDay; readonly end: EpochDay } {
  return { first: Math.max(from, today), end: firstDayOfMonth(monthOf(from), months) };
}
