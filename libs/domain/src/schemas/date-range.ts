import { z } from 'zod';
import { daysBetween } from '../rules/dates.js';

/**
 * Cross-field check that a range from `from` to `to` (both included) spans at most `max` dates.
 * Reported on `to`, and quiet while either is missing, invalid or out of order (fieldOrder's case).
 */
export function atMostDates(max: number) {
  return z.refine<{ from?: string; to?: string }>(
    (range) => !range.from || !range.to || range.to < range.from || daysBetween(range.from, range.to) < max,
    { path: ['to'], message: `must be at most ${max} dates from from (both included)`, when: ({ issues }) => issues.length === 0 },
  );
}
