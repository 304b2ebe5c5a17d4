import { roundToMinorUnits } from '@hotelapi/domain';
import type { ArrivalDate } from '../../ports/booking-engine.js';
import { formatIsoDate, type EpochDay } from '../calendar.js';
import type { PricedRatePlan, SandboxProperty } from '../catalog/sandbox-property.js';
import { nightAt } from './nights.js';
import { fitsIn, type Party } from './party.js';
import { nightlyBase, planTotal, priceNoise } from './quote-stay.js';
import { isClosed, minStayFor, roomsLeft } from './restrictions.js';

/** One room and rate over the calendar's nights: its public price and whether it can be sold, night by night. */
interface PlanNights {
  readonly ratePlan: PricedRatePlan;
  /** Nightly public price (lead time applied), the figure `quoteStay` adds up. */
  readonly prices: Float64Array;
  /** 1 when the room and rate is closed that night, else 0. */
  readonly closed: Uint8Array;
  /** 1 when the night can be sold (not closed, enough rooms left), else 0. */
  readonly open: Uint8Array;
}

/**
 * The price calendar of one property, set-based: every night of the range is priced once per room
 * and rate (its inventory and noise read once per room), then each arrival date sums its window of
 * `nights` nights. A stay quoted here costs what `quoteStay` charges for it, to the cent: the same
 * nightly figures are computed in the same order, added in the same order and rounded once.
 */
export function arrivalCalendar(
  sandbox: SandboxProperty,
  from: EpochDay,
  to: EpochDay,
  nightCount: number,
  party: Party,
  today: EpochDay,
): ArrivalDate[] {
  const span = to - from + nightCount;
  const nights = Array.from({ length: span }, (_, offset) => nightAt(sandbox, from + offset, today));
  const plans: PlanNights[] = [];
  for (const room of sandbox.sellableRooms) {
    if (!fitsIn(room.room, party)) continue;
    const noise = nights.map((night) => priceNoise(sandbox, room, night));
    const enoughLeft = nights.map((night) => roomsLeft(sandbox, room.index, night) >= party.rooms);
    for (const ratePlan of sandbox.ratePlans) {
      const base = nightlyBase(room, ratePlan, party);
      const prices = new Float64Array(span);
      const closed = new Uint8Array(span);
      const open = new Uint8Array(span);
      for (let n = 0; n < span; n++) {
        const night = nights[n];
        prices[n] = base * night.demandFactor * noise[n] * night.leadTimeFactor;
        closed[n] = isClosed(sandbox, room.index, ratePlan.index, night) ? 1 : 0;
        open[n] = enoughLeft[n] && closed[n] === 0 ? 1 : 0;
      }
      plans.push({ ratePlan, prices, closed, open });
    }
  }

  const sellsStay = nightCount <= sandbox.property.nightsMax;
  const currency = sandbox.property.currency;
  const dates: ArrivalDate[] = [];
  for (let arrival = 0; arrival <= to - from; arrival++) {
    const minStay = minStayFor(sandbox, nights[arrival]);
    // Rounding never reorders prices, so the cheapest unrounded total is rounded once, after the loop.
    let lowest = Number.POSITIVE_INFINITY;
    let soldThatNight = false;
    let closedToArrival = true;
    for (const plan of plans) {
      soldThatNight ||= plan.open[arrival] === 1;
      closedToArrival &&= plan.closed[arrival] === 1;
      if (!sellsStay || nightCount < minStay) continue;
      let publicTotal = 0;
      let bookable = true;
      for (let night = arrival; night < arrival + nightCount && bookable; night++) {
        bookable = plan.open[night] === 1;
        publicTotal += plan.prices[night];
      }
      if (bookable) lowest = Math.min(lowest, planTotal(publicTotal, plan.ratePlan, party));
    }
    dates.push({
      date: formatIsoDate(from + arrival),
      lowestTotal: lowest === Number.POSITIVE_INFINITY ? null : roundToMinorUnits(lowest, currency),
      minStay: soldThatNight ? minStay : null,
      closedToArrival,
    });
  }
  return dates;
}
