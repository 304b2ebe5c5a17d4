import { checkStay, todayInTimeZone, type StayPolicy } from '@hotelapi/domain';
import { ApiFailure } from '../failures/api-failure.js';

/**
 * Refuses a stay the policy does not allow (too long, too far ahead, already begun in any of the
 * given properties' time zones) with a 400 naming the parameter.
 */
export function assertStayAllowed(
  policy: StayPolicy,
  now: Date,
  timeZones: readonly string[],
  stay: { checkIn: string; checkOut: string },
  names?: { checkIn: string; checkOut: string },
): void {
  const todayByZone = [...new Set(timeZones)].map((zone) => todayInTimeZone(zone, now));
  const problem = checkStay(stay, policy, todayByZone, names);
  if (problem) throw new ApiFailure(problem.code, problem.message, { param: problem.param });
}
