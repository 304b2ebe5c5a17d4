import type { Season } from '@hotelapi/domain';
import { FRIDAY, SATURDAY, type CalendarDate, type EpochDay } from '../../pricing/calendar.js';
import type { SandboxProperty } from '../catalog/sandbox-property.js';
import { DrawPurpose } from '../draw-purposes.js';
import { hashUnit } from '../random.js';

/** Chance that a room and rate is closed on a given night (a stay of three nights: about 4.5%). */
const CLOSED_NIGHT_CHANCE = 0.015;
/** Chance that a room type is sold out on a given night. */
const SOLD_OUT_NIGHT_CHANCE = 0.035;
/** Most rooms the sandbox ever reports left: engines cap what they reveal. */
const MAX_ROOMS_LEFT = 9;

/** Whether the room and rate plan is closed (stop-sell) on that night. Nights before today are closed by the quote itself. */
export function isStopSold(sandbox: SandboxProperty, roomIndex: number, ratePlanIndex: number, day: EpochDay): boolean {
  return hashUnit(sandbox.seed, DrawPurpose.closedDate, roomIndex, ratePlanIndex, day) < CLOSED_NIGHT_CHANCE;
}

/** Rooms of that type left on that night, 0..9. Physical rooms are shared by every rate plan. */
export function roomsLeft(sandbox: SandboxProperty, roomIndex: number, day: EpochDay): number {
  const draw = hashUnit(sandbox.seed, DrawPurpose.inventory, roomIndex, day);
  if (draw < SOLD_OUT_NIGHT_CHANCE) return 0;
  return 1 + Math.floor(((draw - SOLD_OUT_NIGHT_CHANCE) / (1 - SOLD_OUT_NIGHT_CHANCE)) * MAX_ROOMS_LEFT);
}

/**
 * Fewest nights for a stay arriving on that night, for every room and rate of the property:
 * three over New Year, often two for weekend and high-season arrivals, otherwise the property's
 * own minimum.
 */
export function minStayFor(sandbox: SandboxProperty, arrival: CalendarDate, day: EpochDay, season: Season): number {
  const draw = hashUnit(sandbox.seed, DrawPurpose.minStay, day);
  let nights = 1;
  if (arrival.month === 12 && arrival.dayOfMonth >= 28) nights = 3;
  else if ((arrival.weekday === FRIDAY || arrival.weekday === SATURDAY) && draw < 0.5) nights = 2;
  else if (season === 'SUMMER' && draw < 0.2) nights = 2;
  return Math.max(nights, sandbox.property.nightsMin);
}
