import { roundToMinorUnits, type AvailabilityStatus } from '@hotelapi/domain';
import type { RoomRateAvailability } from '../ports/booking-engine.js';
import type { Occupancy, Stay } from '../ports/stay.js';
import { parseIsoDate, todayIn, type EpochDay } from './calendar.js';
import { boardGuests, fitsIn, occupancyPriceFactor, partyOf, type Party } from './party.js';
import { leadTimeFactor, type AriCalendar, type PropertyRates, type RatePlanRates, type RoomRates } from './rate-rules.js';

/** One night of a stay, with what every room's price that night depends on. */
interface StayNight {
  readonly day: EpochDay;
  readonly demandFactor: number;
  readonly leadTimeFactor: number;
  /** Before "today" at the property: never sold. */
  readonly past: boolean;
}

/** A stay at one property, prepared once and quoted for each of its rooms and rates. */
export interface StayAtProperty {
  readonly rates: PropertyRates;
  readonly calendar: AriCalendar;
  readonly party: Party;
  /** Undefined when a night of the stay has no ARI: nothing is for sale. */
  readonly nights: readonly StayNight[] | undefined;
  readonly nightCount: number;
  /** Minimum stay for the arrival night. */
  readonly minStay: number;
}

/** The stay from `checkIn` (included) to `checkOut` (excluded), "today" being `today` at the property. */
export function stayAt(rates: PropertyRates, calendar: AriCalendar, checkIn: EpochDay, checkOut: EpochDay, party: Party, today: EpochDay): StayAtProperty {
  const nights: StayNight[] = [];
  let minStay = 0;
  for (let day = checkIn; day < checkOut; day++) {
    const night = calendar.night(day);
    if (!night) return { rates, calendar, party, nights: undefined, nightCount: checkOut - checkIn, minStay };
    if (day === checkIn) minStay = night.minStay;
    nights.push({ day, demandFactor: night.demandFactor, leadTimeFactor: leadTimeFactor(rates.leadTime, day - today), past: day < today });
  }
  return { rates, calendar, party, nights, nightCount: nights.length, minStay };
}

/** The stay a port request asks for, with "today" taken in the property's own time zone. */
export function stayFor(rates: PropertyRates, calendar: AriCalendar, request: Stay & Occupancy, now: Date): StayAtProperty {
  const checkIn = parseIsoDate(request.checkIn);
  const checkOut = parseIsoDate(request.checkOut);
  if (checkOut <= checkIn) throw new RangeError(`Check-out ${request.checkOut} is not after check-in ${request.checkIn}`);
  return stayAt(rates, calendar, checkIn, checkOut, partyOf(request), todayIn(rates.property.timeZone, now));
}

/**
 * Every room and rate the property offers for the stay, whatever its status: rooms the party does
 * not fit, or without ARI for a night, are left out, and so is everything when the stay is longer
 * than the property sells.
 */
export function quoteOfferedRates(stay: StayAtProperty): RoomRateAvailability[] {
  const { rates, nights, party } = stay;
  if (!nights || stay.nightCount > rates.property.nightsMax) return [];
  const quotes: RoomRateAvailability[] = [];
  for (const room of rates.sellableRooms) {
    if (!fitsIn(room.room, party)) continue;
    const roomNights = nights.map((night) => stay.calendar.roomNight(room.room.code, night.day));
    if (roomNights.some((roomNight) => roomNight === undefined)) continue;
    for (const ratePlan of rates.ratePlans) quotes.push(quoteStay(stay, nights, room, roomNights as RoomNightList, ratePlan));
  }
  return quotes;
}

type RoomNightList = readonly NonNullable<ReturnType<AriCalendar['roomNight']>>[];

/**
 * Price and availability of one room and rate plan for the stay: a night's price is the room's
 * base (for the party, with the board) times the night's demand and the room night's own factor,
 * and the lead-time effect; the plan's factor sets its share. Totals cover every night and room.
 */
function quoteStay(stay: StayAtProperty, nights: readonly StayNight[], room: RoomRates, roomNights: RoomNightList, ratePlan: RatePlanRates): RoomRateAvailability {
  const { rates, party, calendar } = stay;
  const currency = rates.property.currency;
  const base = nightlyBase(room, ratePlan, party);

  let publicTotal = 0;
  let undiscountedTotal = 0;
  let remaining = Number.POSITIVE_INFINITY;
  let closed = false;
  nights.forEach((night, index) => {
    const roomNight = roomNights[index];
    const nightly = base * night.demandFactor * roomNight.priceFactor;
    undiscountedTotal += nightly;
    publicTotal += nightly * night.leadTimeFactor;
    remaining = Math.min(remaining, roomNight.roomsLeft);
    closed ||= night.past || calendar.isStopSold(room.room.code, ratePlan.plan.code, night.day);
  });

  const total = planTotal(publicTotal, ratePlan, party, currency);
  const rack = roundToMinorUnits(undiscountedTotal * rates.rackPremium * party.rooms, currency);
  const cityTax = rates.cityTaxPerAdultNight * party.adults * nights.length;
  const member = ratePlan.memberFactor === null ? undefined : roundToMinorUnits(total * ratePlan.memberFactor, currency);

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

/** A room's nightly price for the party on the plan (with its board), before the night's factors. */
export function nightlyBase(room: RoomRates, ratePlan: RatePlanRates, party: Party): number {
  return room.baseNightly * occupancyPriceFactor(ratePlan.occupancy, party) + ratePlan.boardSupplementPerGuest * boardGuests(ratePlan.occupancy, party);
}

/** What the guest pays on the plan for every room, given the public total of one room over the stay. */
export function planTotal(publicTotal: number, ratePlan: RatePlanRates, party: Party, currency: string): number {
  return roundToMinorUnits(publicTotal * ratePlan.priceFactor * party.rooms, currency);
}

/** Closed beats sold out beats minimum stay: each says why staying longer would or would not help. */
function statusOf(stay: StayAtProperty, closed: boolean, remaining: number): AvailabilityStatus {
  if (closed) return 'CLOSED';
  if (remaining < stay.party.rooms) return 'SOLDOUT';
  if (stay.nightCount < stay.minStay) return 'MINSTAY';
  return 'AVL';
}
