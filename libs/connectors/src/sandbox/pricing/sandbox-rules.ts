import type { RatePlanKind } from '@hotelapi/domain';
import type { LeadTimeBand, OccupancyRules } from '../../pricing/rate-rules.js';

/** Price of each kind of rate plan against the flexible one. */
export const RATE_PLAN_PRICE_FACTOR: Readonly<Record<RatePlanKind, number>> = {
  REFUNDABLE: 1,
  NON_REFUNDABLE: 0.9,
  MEMBER: 1,
  PARTNER: 0.87,
};

/** Members pay this share of a member plan's public price. */
export const MEMBER_PRICE_FACTOR = 0.92;

/** A single occupant pays less, extra beds add to the price; a child eats half an adult's board. */
export const SANDBOX_OCCUPANCY: OccupancyRules = { singleOccupancyFactor: 0.85, extraAdultFactor: 0.3, childFactor: 0.15, childBoardShare: 0.5 };

/** Last minute the last rooms sell dear; advance purchase is cheaper; far ahead is priced cautiously. */
export const SANDBOX_LEAD_TIME: readonly LeadTimeBand[] = [
  { maxDaysAhead: 2, factor: 1.1 },
  { maxDaysAhead: 13, factor: 1 },
  { maxDaysAhead: 89, factor: 0.94 },
  { maxDaysAhead: 179, factor: 0.97 },
  { maxDaysAhead: null, factor: 1.04 },
];
