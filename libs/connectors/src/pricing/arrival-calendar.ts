import type { ArrivalCalendarRequest, ArrivalDate } from '../ports/booking-engine.js';
import { formatIsoDate, parseIsoDate, type EpochDay } from './calendar.js';
import { fitsIn, type Party } from './party.js';
import { nightlyBase, planTotal } from './quote-stay.js';
import { leadTimeFactor, type AriCalendar, type PropertyRates, type RatePlanRates } from './rate-rules.js';

/** One room and rate over the calendar's nights, night by night; NaN price where the room night has no ARI. */
interface PlanNights {
  readonly ratePlan: RatePlanRates;
  /** Nightly public price (lead time applied), the figure `quoteStay` adds up. */
  readonly prices: Float64Array;
  /** 1 when the room and rate may not be sold that night (past, stop-sell or no ARI), else 0. */
  readonly closed: Uint8Array;
  /** 1 when the night can be sold (not closed, enough rooms left), else 0. */
  readonly open: Uint8Array;
}

/**
 * The price calendar of one property, set-based: every night of the range is priced once per room
 * and rate, then each arrival date sums its window of `nightCount` nights. A date's lowest total is
 * what `quoteOfferedRates` charges for the cheapest `AVL` room and rate of that stay, to the cent:
 * the same nightly figures (`nightlyBase`, `planTotal`) added in the same order. The calendar must
 * hold ARI for nights `from` to `to + nightCount` (excluded); a night without it is not for sale.
 */
export function arrivalCalendar(
  rates: PropertyRates,
  calendar: AriCalendar,
  from: EpochDay,
  to: EpochDay,
  nightCount: number,
  party: Party,
  today: EpochDay,
): ArrivalDate[] {
  const span = to - from + nightCount;
  const nights = Array.from({ length: span }, (_, offset) => calendar.night(from + offset));
  // The same for every room and rate: worked out once a night.
  const leadTime = Array.from({ length: span }, (_, offset) => leadTimeFactor(rates.leadTime, from + offset - today));
  const plans: PlanNights[] = [];
  for (const room of rates.sellableRooms) {
    if (!fitsIn(room.room, party)) continue;
    const roomNights = nights.map((_, offset) => calendar.roomNight(room.room.code, from + offset));
    for (const ratePlan of rates.ratePlans) {
      const base = nightlyBase(room, ratePlan, party);
      const prices = new Float64Array(span);
      const closed = new Uint8Array(span);
      const open = new Uint8Array(span);
      for (let n = 0; n < span; n++) {
        const day = from + n;
        const night = nights[n];
        const roomNight = roomNights[n];
        if (!night || !roomNight) {
          prices[n] = Number.NaN;
          closed[n] = 1;
          continue;
        }
        prices[n] = base * night.demandFactor * roomNight.priceFactor * leadTime[n];
        closed[n] = day < today || calendar.isStopSold(room.room.code, ratePlan.plan.code, day) ? 1 : 0;
        open[n] = closed[n] === 0 && roomNight.roomsLeft >= party.rooms ? 1 : 0;
      }
      plans.push({ ratePlan, prices, closed, open });
    }
  }

  const sellsStay = nightCount <= rates.property.nightsMax;
  const currency = rates.property.currency;
  const dates: ArrivalDate[] = [];
  for (let arrival = 0; arrival <= to - from; arrival++) {
    const minStay = nights[arrival]?.minStay ?? null;
    let lowest: number | null = null;
    let soldThatNight = false;
    let closedToArrival = true;
    for (const plan of plans) {
      soldThatNight ||= plan.open[arrival] === 1;
      closedToArrival &&= plan.closed[arrival] === 1;
      if (!sellsStay || minStay === null || nightCount < minStay) continue;
      let publicTotal = 0;
      let bookable = true;
      for (let night = arrival; night < arrival + nightCount && bookable; night++) {
        bookable = plan.open[night] === 1;
        publicTotal += plan.prices[night];
      }
      if (!bookable) continue;
      const total = planTotal(publicTotal, plan.ratePlan, party, currency);
      if (lowest === null || total < lowest) lowest = total;
    }
    dates.push({
      date: formatIsoDate(from + arrival),
      lowestTotal: lowest,
      minStay: soldThatNight ? minStay : null,
      closedToArrival,
    });
  }
  return dates;
}

/** A calendar request's arrival dates as epoch days, both included. */
export interface CalendarRange {
  readonly from: EpochDay;
  readonly to: EpochDay;
}

/** The request's range, checked: RangeErrors for an end before the start or a stay that is no whole number of nights. */
export function calendarRange(request: ArrivalCalendarRequest): CalendarRange {
  const from = parseIsoDate(request.from);
  const to = parseIsoDate(request.to);
  if (to < from) throw new RangeError(`Calendar end ${request.to} is before its start ${request.from}`);
  if (!Number.isInteger(request.nights) || request.nights < 1) throw new RangeError(`A stay of ${request.nights} nights`);
  return { from, to };
}
