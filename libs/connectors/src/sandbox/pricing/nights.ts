import { seasonInMonth, type Season } from '@hotelapi/domain';
import { calendarDateOf, FRIDAY, SATURDAY, type CalendarDate, type EpochDay } from '../calendar.js';
import type { SandboxProperty } from '../catalog/sandbox-property.js';
import { seasonPriceFactor } from './season.js';

/** One night of a stay at one property, with what its price and restrictions depend on. */
export interface Night extends CalendarDate {
  readonly day: EpochDay;
  readonly season: Season;
  /** Season and weekday demand, as a factor on the room's base price. */
  readonly demandFactor: number;
  /** Last-minute, advance-purchase and far-ahead effects on the price. */
  readonly leadTimeFactor: number;
  /** Before "today" at the property: never sold. */
  readonly past: boolean;
}

/** Weekend demand: city breaks fill Friday and Saturday nights; resorts fill up on Saturdays. */
function weekdayPriceFactor(kind: 'city' | 'resort', weekday: number): number {
  if (kind === 'city') return weekday === FRIDAY || weekday === SATURDAY ? 1.15 : 1;
  return weekday === SATURDAY ? 1.06 : 1;
}

/** Price effect of booking `daysAhead` days before the night. */
function leadTimePriceFactor(daysAhead: number): number {
  if (daysAhead <= 2) return 1.1; // last minute: the last rooms sell dear
  if (daysAhead < 14) return 1;
  if (daysAhead < 90) return 0.94; // advance purchase
  if (daysAhead < 180) return 0.97;
  return 1.04; // far ahead: priced before demand is known, so cautiously
}

export function nightAt(sandbox: SandboxProperty, day: EpochDay, today: EpochDay): Night {
  const date = calendarDateOf(day);
  const season = seasonInMonth(date.month, sandbox.property.location.lat);
  return {
    ...date,
    day,
    season,
    demandFactor: seasonPriceFactor(sandbox.destination, season) * weekdayPriceFactor(sandbox.destination.kind, date.weekday),
    leadTimeFactor: leadTimePriceFactor(day - today),
    past: day < today,
  };
}

/** The nights from check-in (included) to check-out (excluded). */
export function nightsOf(sandbox: SandboxProperty, checkIn: EpochDay, checkOut: EpochDay, today: EpochDay): Night[] {
  const nights: Night[] = [];
  for (let day = checkIn; day < checkOut; day++) nights.push(nightAt(sandbox, day, today));
  return nights;
}
