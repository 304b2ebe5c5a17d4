import { seasonInMonth } from '@hotelapi/domain';
import { calendarDateOf, FRIDAY, SATURDAY, type EpochDay } from '../../pricing/calendar.js';
import type { AriCalendar, NightRates, RoomNightRates } from '../../pricing/rate-rules.js';
import type { SandboxProperty } from '../catalog/sandbox-property.js';
import { DrawPurpose } from '../draw-purposes.js';
import { hashUnit } from '../random.js';
import { isStopSold, minStayFor, roomsLeft } from './restrictions.js';
import { seasonPriceFactor } from './season.js';

/** Day-to-day wobble of a room's price, so calendars do not look machine-made: ±4%. */
const PRICE_NOISE = 0.04;

/** Weekend demand: city breaks fill Friday and Saturday nights; resorts fill up on Saturdays. */
function weekdayPriceFactor(kind: 'city' | 'resort', weekday: number): number {
  if (kind === 'city') return weekday === FRIDAY || weekday === SATURDAY ? 1.15 : 1;
  return weekday === SATURDAY ? 1.06 : 1;
}

/** Season and weekday demand and the minimum stay of a night at the property. */
export function nightRatesAt(sandbox: SandboxProperty, day: EpochDay): NightRates {
  const date = calendarDateOf(day);
  const season = seasonInMonth(date.month, sandbox.property.location.lat);
  return {
    demandFactor: seasonPriceFactor(sandbox.destination, season) * weekdayPriceFactor(sandbox.destination.kind, date.weekday),
    minStay: minStayFor(sandbox, date, day, season),
  };
}

/** The sandbox's ARI: every value hashed from the property's seed, for any night ever asked. */
export function sandboxCalendar(sandbox: SandboxProperty): AriCalendar {
  const roomIndex = new Map(sandbox.sellableRooms.map((room) => [room.room.code, room.index]));
  const planIndex = new Map(sandbox.ratePlans.map((plan) => [plan.plan.code, plan.index]));
  return {
    night: (day) => nightRatesAt(sandbox, day),
    roomNight: (roomCode, day): RoomNightRates | undefined => {
      const index = roomIndex.get(roomCode);
      if (index === undefined) return undefined;
      return {
        priceFactor: 1 - PRICE_NOISE + 2 * PRICE_NOISE * hashUnit(sandbox.seed, DrawPurpose.priceNoise, index, day),
        roomsLeft: roomsLeft(sandbox, index, day),
      };
    },
    isStopSold: (roomCode, ratePlanCode, day) => isStopSold(sandbox, roomIndex.get(roomCode) ?? -1, planIndex.get(ratePlanCode) ?? -1, day),
  };
}
