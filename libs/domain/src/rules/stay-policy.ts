import type { ErrorCode } from '../schemas/errors.js';
import { daysBetween, nightsBetween } from './dates.js';

/** Limits on the stays a caller may ask about; both are configurable per deployment. */
export interface StayPolicy {
  /** Longest stay, in nights. */
  readonly maxNights: number;
  /** How many days after today a check-in may be, at most. */
  readonly maxAdvanceDays: number;
}

/** The limits PRODUCT.md sets: stays of at most 30 nights, check-in at most 365 days ahead. */
export const DEFAULT_STAY_POLICY: StayPolicy = Object.freeze({ maxNights: 30, maxAdvanceDays: 365 });

/** The parameter names of the shopper and the MCP tools, used unless the caller renames them. */
export type StayParam = 'checkIn' | 'checkOut';

/** What the endpoint calls its check-in and check-out parameters (availability says `checkin`). */
export interface StayParamNames<Param extends string = StayParam> {
  readonly checkIn: Param;
  readonly checkOut: Param;
}

export type StayProblemCode = Extract<ErrorCode, 'checkin_in_past' | 'checkout_not_after_checkin' | 'stay_too_long' | 'checkin_too_far_ahead'>;

/** Why a stay is refused: what a 400 response reports. */
export interface StayProblem<Param extends string = StayParam> {
  /** The request parameter at fault, under the caller's name for it. */
  readonly param: Param;
  readonly code: StayProblemCode;
  /** Plain English naming the dates and the limit, for the error message. */
  readonly message: string;
}

const DEFAULT_PARAM_NAMES: StayParamNames = { checkIn: 'checkIn', checkOut: 'checkOut' };

/**
 * The first problem with a stay under `policy`, or undefined when it may be served. Its dates
 * are valid `yyyy-MM-dd` calendar dates (the request schema's `StayDates`); malformed ones throw.
 *
 * `todayByZone` holds today's date, as `todayInTimeZone` gives it, in each time zone that
 * matters: the property's, or every property's for a chain. A stay must be acceptable in all of
 * them: a check-in before today in any zone is in the past (at some property that day is
 * already over), and days ahead count from the earliest today.
 */
export function checkStay<Param extends string = StayParam>(
  stay: { readonly checkIn: string; readonly checkOut: string },
  policy: StayPolicy,
  todayByZone: readonly string[],
  // Without names, Param is StayParam, which is exactly what the defaults hold.
  names: StayParamNames<Param> = DEFAULT_PARAM_NAMES as StayParamNames<Param>,
): StayProblem<Param> | undefined {
  const { checkIn, checkOut } = stay;
  const { earliest, latest } = earliestAndLatest(todayByZone);
  const nights = nightsBetween(checkIn, checkOut);

  if (checkIn < latest) {
    const where = todayByZone.length === 1 ? "the property's time zone" : 'the time zone of at least one of the properties';
    return { param: names.checkIn, code: 'checkin_in_past', message: `${names.checkIn} ${checkIn} is before today (${latest}) in ${where}` };
  }
  if (nights <= 0) {
    const message = `${names.checkOut} ${checkOut} must be after ${names.checkIn} ${checkIn}`;
    return { param: names.checkOut, code: 'checkout_not_after_checkin', message };
  }
  if (nights > policy.maxNights) {
    const stayDates = `${names.checkIn} ${checkIn} to ${names.checkOut} ${checkOut}`;
    const message = `The stay from ${stayDates} is ${nights} nights; at most ${policy.maxNights} nights are allowed`;
    return { param: names.checkOut, code: 'stay_too_long', message };
  }
  const daysAhead = daysBetween(earliest, checkIn);
  if (daysAhead > policy.maxAdvanceDays) {
    const message = `${names.checkIn} ${checkIn} is ${daysAhead} days after today (${earliest}); it may be at most ${policy.maxAdvanceDays} days ahead`;
    return { param: names.checkIn, code: 'checkin_too_far_ahead', message };
  }
  return undefined;
}

/** yyyy-MM-dd sorts as text in calendar order, so comparing strings needs no parsing. */
function earliestAndLatest(dates: readonly string[]): { earliest: string; latest: string } {
  if (dates.length === 0) throw new RangeError('checkStay needs today in at least one time zone');
  let earliest = dates[0];
  let latest = dates[0];
  for (const date of dates) {
    if (date < earliest) earliest = date;
    if (date > latest) latest = date;
  }
  return { earliest, latest };
}
