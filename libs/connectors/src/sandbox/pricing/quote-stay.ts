import { roundToMinorUnits, type AvailabilityStatus, type RatePlanKind } from '@hotelapi/domain';
import type { RoomRateAvailability } from '../../ports/booking-engine.js';
import type { Occupancy, Stay } from '../../ports/stay.js';
import { parseIsoDate, todayIn } from '../calendar.js';
import type { PricedRatePlan, PricedRoom, SandboxProperty } from '../catalog/sandbox-property.js';
import { DrawPurpose } from '../draw-purposes.js';
import { hashUnit } from '../random.js';
import { nightsOf, type Night } from './nights.js';
import { boardGuests, fitsIn, occupancyPriceFactor, partyOf, type Party } from './party.js';
import { isClosed, minStayFor, roomsLeft } from './restrictions.js';

/** Price of each kind of rate plan against the flexible one. */
const RATE_PLAN_PRICE_FACTOR: Readonly<Record<RatePlanKind, number>> = {
  REFUNDABLE: 1,
  NON_REFUNDABLE: 0.9,
  MEMBER: 1,
  PARTNER: 0.87,
};
/** Members pay this share of a member plan's public price. */
const MEMBER_PRICE_FACTOR = 0.92;
/** Day-to-day wobble of a room's price, so calendars do not look machine-made: ±4%. */
const PRICE_NOISE = 0.04;

/** A stay at one property, prepared once and quoted for each of its rooms and rates. */
export interface StayAtProperty {
  readonly sandbox: SandboxProperty;
  readonly nights: readonly Night[];
  readonly party: Party;
  /** Minimum stay for the arrival night. */
  readonly minStay: number;
}

export function stayAt(sandbox: SandboxProperty, nights: readonly Night[], party: Party): StayAtProperty {
  return { sandbox, nights, party, minStay: minStayFor(sandbox, nights[0]) };
}

/** The stay a port request asks for, with "today" taken in the property's own time zone. */
export function stayFor(sandbox: SandboxProperty, request: Stay & Occupancy, now: Date): StayAtProperty {
  const checkIn = parseIsoDate(request.checkIn);
  const checkOut = parseIsoDate(request.checkOut);
  if (checkOut <= checkIn) throw new RangeError(`Check-out ${request.checkOut} is not after check-in ${request.checkIn}`);
  const today = todayIn(sandbox.property.timeZone, now);
  return stayAt(sandbox, nightsOf(sandbox, checkIn, checkOut, today), partyOf(request));
}

/**
 * Every room and rate the property offers for the stay, whatever its status: rooms the party does
 * not fit are left out, and so is everything when the stay is longer than the property sells.
 */
export function quoteOfferedRates(stay: StayAtProperty): RoomRateAvailability[] {
  const { sandbox, nights, party } = stay;
  if (nights.length > sandbox.property.nightsMax) return [];
  const quotes: RoomRateAvailability[] = [];
  for (const room of sandbox.sellableRooms) {
    if (!fitsIn(room.room, party)) continue;
    for (const ratePlan of sandbox.ratePlans) quotes.push(quoteStay(stay, room, ratePlan));
  }
  return quotes;
}

/**
 * Price and availability of one room and rate plan for the stay: a night's price is the room's
 * base (for the party, with the board) times season and weekday demand, the lead-time effect
 * and a small hashed noise; the plan's kind sets its share. Totals cover every night and room.
 */
export function quoteStay(stay: StayAtProperty, room: PricedRoom, ratePlan: PricedRatePlan): RoomRateAvailability {
  const { sandbox, nights, party } = stay;
  const currency = sandbox.property.currency;

  let publicTotal = 0;
  let undiscountedTotal = 0;
  let remaining = Number.POSITIVE_INFINITY;
  let closed = false;
  for (const night of nights) {
    const nightly = nightlyPrice(sandbox, room, ratePlan, party, night);
    undiscountedTotal += nightly;
    publicTotal += nightly * night.leadTimeFactor;
    remaining = Math.min(remaining, roomsLeft(sandbox, room.index, night));
    closed ||= isClosed(sandbox, room.index, ratePlan.index, night);
  }

  const { kind } = ratePlan.plan;
  const total = roundToMinorUnits(planTotal(publicTotal, ratePlan, party), currency);
  const rack = roundToMinorUnits(undiscountedTotal * sandbox.rackPremium * party.rooms, currency);
  const cityTax = sandbox.destination.cityTaxPerAdultNight * party.adults * nights.length;
  const member = kind === 'MEMBER' ? roundToMinorUnits(total * MEMBER_PRICE_FACTOR, currency) : undefined;

  return {
    roomCode: room.room.code,
    ratePlanCode: ratePlan.plan.code,
    boardCode: ratePlan.plan.boardCode,
    status: statusOf(stay, closed, remaining),
    remaining,
    minStay: stay.minStay,
    total,
    discount: roundToMinorUnits(Math.max(0, rack - total), currency),
    ...(member !== undefined && { memberTotal: member, memberDiscount: roundToMinorUnits(Math.max(0, rack - member), currency) }),
    excludedCharges: roundToMinorUnits(cityTax, currency),
  };
}

/**
 * One room's price for one night before the lead-time effect: its base for the party, with the
 * plan's board, times season and weekday demand and the night's hashed noise.
 */
export function nightlyPrice(sandbox: SandboxProperty, room: PricedRoom, ratePlan: PricedRatePlan, party: Party, night: Night): number {
  return nightlyBase(room, ratePlan, party) * night.demandFactor * priceNoise(sandbox, room, night);
}

/** A room's price for the party with the plan's board, before the night's demand and noise. */
export function nightlyBase(room: PricedRoom, ratePlan: PricedRatePlan, party: Party): number {
  return room.baseNightly * occupancyPriceFactor(party) + ratePlan.boardSupplementPerGuest * boardGuests(party);
}

/** The night's hashed wobble of a room's price, shared by all its rate plans. */
export function priceNoise(sandbox: SandboxProperty, room: PricedRoom, night: Night): number {
  return 1 - PRICE_NOISE + 2 * PRICE_NOISE * hashUnit(sandbox.seed, DrawPurpose.priceNoise, room.index, night.day);
}

/** The public total of a stay's nights (lead time applied), for the plan's kind and every room booked; not yet rounded. */
export function planTotal(publicNights: number, ratePlan: PricedRatePlan, party: Party): number {
  return publicNights * RATE_PLAN_PRICE_FACTOR[ratePlan.plan.kind] * party.rooms;
}

/** Closed beats sold out beats minimum stay: each says why staying longer would or would not help. */
function statusOf(stay: StayAtProperty, closed: boolean, remaining: number): AvailabilityStatus {
  if (closed) return 'CLOSED';
  if (remaining < stay.party.rooms) return 'SOLDOUT';
  if (stay.nights.length < stay.minStay) return 'MINSTAY';
  return 'AVL';
}
