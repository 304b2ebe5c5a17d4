import type { ArrivalDate } from '../ports/booking-engine.js';
import { arrivalCalendar } from '../pricing/arrival-calendar.js';
import { formatIsoDate, type EpochDay } from '../pricing/calendar.js';
import type { Party } from '../pricing/party.js';
import type { PropertyRates } from '../pricing/rate-rules.js';
import type { LoadedCalendar } from './ari-queries.js';

/** Questions (stay length, party, today) whose arrivals a kept calendar holds at once; the oldest goes first. */
const QUESTIONS_KEPT = 4;

/** Every arrival date of a kept calendar's window for one question, column by column: some 14 bytes a date. */
interface Arrivals {
  readonly rates: PropertyRates;
  /** NaN: nothing bookable. */
  readonly lowestTotals: Float64Array;
  /** -1: null. */
  readonly minStays: Int32Array;
  readonly closedToArrival: Uint8Array;
}

const keptArrivals = new WeakMap<LoadedCalendar, Map<string, Arrivals>>();

/**
 * A property's price calendar from `from` to `to` (arrival dates, included) out of its kept ARI:
 * every arrival date of the window is priced once per question (arrivalCalendar over the whole
 * window, the same figures date by date as over any part of it) and kept with the calendar, so a
 * calendar asked again over another range, or by the next request, costs no pricing. Kept as long
 * as the calendar is: an event of the property drops both (kept-ari.ts).
 */
export function keptArrivalCalendar(
  rates: PropertyRates,
  calendar: LoadedCalendar,
  from: EpochDay,
  to: EpochDay,
  nightCount: number,
  party: Party,
  today: EpochDay,
): ArrivalDate[] {
  const lastArrival = calendar.first + calendar.length - nightCount;
  if (from < calendar.first || to > lastArrival) return arrivalCalendar(rates, calendar, from, to, nightCount, party, today);
  const arrivals = arrivalsOf(rates, calendar, nightCount, party, today, lastArrival);
  const dates: ArrivalDate[] = [];
  for (let day = from; day <= to; day++) {
    const index = day - calendar.first;
    const lowestTotal = arrivals.lowestTotals[index];
    const minStay = arrivals.minStays[index];
    dates.push({
      date: formatIsoDate(day),
      lowestTotal: Number.isNaN(lowestTotal) ? null : lowestTotal,
      minStay: minStay === -1 ? null : minStay,
      closedToArrival: arrivals.closedToArrival[index] === 1,
    });
  }
  return dates;
}

function arrivalsOf(rates: PropertyRates, calendar: LoadedCalendar, nightCount: number, party: Party, today: EpochDay, lastArrival: EpochDay): Arrivals {
  const question = `${nightCount} ${party.rooms} ${party.adults} ${party.adultsPerRoom} ${party.childrenPerRoom} ${today}`;
  let byQuestion = keptArrivals.get(calendar);
  if (!byQuestion) keptArrivals.set(calendar, (byQuestion = new Map()));
  const kept = byQuestion.get(question);
  // The same ARI priced by other rules (a new data version) is priced again.
  if (kept?.rates === rates) return kept;
  const dates = arrivalCalendar(rates, calendar, calendar.first, lastArrival, nightCount, party, today);
  const arrivals: Arrivals = {
    rates,
    lowestTotals: Float64Array.from(dates, (date) => date.lowestTotal ?? Number.NaN),
    minStays: Int32Array.from(dates, (date) => date.minStay ?? -1),
    closedToArrival: Uint8Array.from(dates, (date) => (date.closedToArrival ? 1 : 0)),
  };
  byQuestion.delete(question);
  if (byQuestion.size >= QUESTIONS_KEPT) byQuestion.delete(byQuestion.keys().next().value as string);
  byQuestion.set(question, arrivals);
  return arrivals;
}
