import { parseIsoDate, type EpochDay } from '../../pricing/calendar.js';
import type { SandboxProperty } from '../catalog/sandbox-property.js';
import { DrawPurpose } from '../draw-purposes.js';
import { SANDBOX_FIXTURES } from '../fixtures.js';
import { hashString, hashUnit } from '../random.js';

/**
 * The last day reviews were collected. Fixed rather than "today", so review data (and everything
 * derived from it: scores, seasons, trip types) never changes from one day to the next.
 */
export const REVIEWS_COLLECTED_UNTIL: EpochDay = parseIsoDate('2025-12-31');
/** Reviews spread over the three years before that, so every season of every year appears. */
export const REVIEW_SPAN_DAYS = 3 * 365;

const MOST_REVIEWS = 2_000;
const withoutReviews = new Set(SANDBOX_FIXTURES.withoutReviews);
const withManyReviews = new Set(SANDBOX_FIXTURES.withManyReviews);

/**
 * How many reviews a property has, hidden ones included: 0 to 2,000, most properties a few hundred.
 * Decided from the code's seed alone, so sorting 500 properties by popularity generates nothing.
 */
export function reviewCountOf(code: string): number {
  if (withoutReviews.has(code)) return 0;
  const draw = hashUnit(hashString(code), DrawPurpose.reviewCount);
  if (withManyReviews.has(code)) return 1_200 + Math.floor(draw * (MOST_REVIEWS - 1_200));
  return 1 + Math.floor((MOST_REVIEWS - 1) * draw ** 2.2);
}

/**
 * The mean score guests give the property on a 10-point scale: better hotels score higher, with
 * a per-property twist so two hotels of a class still differ. Reviews scatter around it.
 */
export function expectedScoreOf(sandbox: SandboxProperty): number {
  const twist = (hashUnit(sandbox.seed, DrawPurpose.reputation) - 0.5) * 1.6;
  return Math.min(9.5, Math.max(4, 5.6 + 0.65 * sandbox.property.rating + twist));
}
