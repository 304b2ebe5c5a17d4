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
  /** A night of the stay is before "today" at the property: nothing is sold (statusOf's CLOSED). */
  readonly anyPast: boolean;
}

/** A stay with ARI for every night: the only kind anything can be quoted for. */
type StayWithNights = StayAtProperty & { readonly nights: readonly StayNight[] };

function hasNights(stay: StayAtProperty): stay is StayWithNights {
  return stay.nights !== undefined;
}

/** The stay from `checkIn` (included) to `checkOut` (excluded), "today" being `today` at the property. */
export function stayAt(rates: PropertyRates, calendar: AriCalendar, checkIn: EpochDay, checkOut: EpochDay, party: Party, today: EpochDay): StayAtProperty {
  const nights: StayNight[] = [];
  let minStay = 0;
  const anyPast = checkIn < today;
  for (let day = checkIn; day < checkOut; day++) {
    const night = calendar.night(day);
    if (!night) return { rates, calendar, party, nights: undefined, nightCount: checkOut - checkIn, minStay, anyPast };
    if (day === checkIn) minStay = night.minStay;
    nights.push({ day, demandFactor: night.demandFactor, leadTimeFactor: leadTimeFactor(rates.leadTime, day - today) });
  }
  return { rates, calendar, party, nights, nightCount: nights.length, minStay, anyPast };
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
  const quotes: RoomRateAvailability[] = [];
  if (!sellsTheStay(stay)) return quotes;
  for (const room of stay.rates.sellableRooms) {
    if (!fitsIn(room.room, stay.party)) continue;
    const remaining = readRoomNights(stay, room);
    if (remaining < 0) continue;
    for (const ratePlan of stay.rates.ratePlans) quotes.push(quoteStay(stay, room, remaining, ratePlan));
  }
  return quotes;
}

/**
 * Of the quotes `quoteOfferedRates` gives, the bookable (`AVL`) one of each rate plan with the
 * lowest total, equal totals going to the lower room code: what a chain search shows of a
 * property. Totals are worked out as quoteStay works them; only the winners are quoted in full.
 */
export function quoteCheapestPerPlan(stay: StayAtProperty): RoomRateAvailability[] {
  if (!hasNights(stay)) return [];
  // Run for every property of a chain search: each plan's best kept in arrays, not an object per better room.
  const plans = stay.rates.ratePlans.length;
  const rooms: (RoomRates | undefined)[] = new Array<RoomRates | undefined>(plans);
  const totals: number[] = new Array<number>(plans);
  forEachBookable(stay, (room, planIndex, total) => {
    const best = rooms[planIndex];
    if (!best || total < totals[planIndex] || (total === totals[planIndex] && room.room.code < best.room.code)) {
      rooms[planIndex] = room;
      totals[planIndex] = total;
    }
  });
  const quotes: RoomRateAvailability[] = [];
  for (let index = 0; index < plans; index++) {
    const room = rooms[index];
    if (room) quotes.push(quoteStay(stay, room, readRoomNights(stay, room), stay.rates.ratePlans[index]));
  }
  return quotes;
}

/**
 * Calls `each` for every room and rate that `quoteOfferedRates` quotes `AVL`, in the same order,
 * with its total (`stay.rates.ratePlans[planIndex]` is the plan): what a rate shopper or a chain
 * search compares, without quoting the rest (rack, member prices, charges) or any quote that
 * cannot be booked.
 */
export function forEachBookable(stay: StayAtProperty, each: (room: RoomRates, planIndex: number, total: number) => void): void {
  // Each of these makes every quote of the stay something other than AVL (statusOf).
  if (!sellsTheStay(stay) || stay.nightCount < stay.minStay || stay.anyPast) return;
  const { rates, party } = stay;
  const currency = rates.property.currency;
  for (const room of rates.sellableRooms) {
    if (!fitsIn(room.room, party) || readRoomNights(stay, room) < party.rooms) continue;
    for (let planIndex = 0; planIndex < rates.ratePlans.length; planIndex++) {
      const ratePlan = rates.ratePlans[planIndex];
      if (isStopSold(stay, room, ratePlan)) continue;
      each(room, planIndex, planTotal(publicTotalOf(stay, room, ratePlan), ratePlan, party, currency));
    }
  }
}

/** Whether anything can be quoted: ARI for every night, and a stay no longer than the property sells. */
function sellsTheStay(stay: StayAtProperty): stay is StayWithNights {
  return hasNights(stay) && stay.nightCount <= stay.rates.property.nightsMax;
}

/**
 * The price factors of the room nights last read (readRoomNights), night by night. One array for
 * every quote, filled again for each room: quoting is synchronous, and a chain search quotes tens
 * of thousands of rooms, each a list and an object a night for the collector when they were kept.
 */
let roomPriceFactors = new Float64Array(32);

/**
 * Reads the room's nights of the stay into roomPriceFactors; answers the rooms of the type left for
 * the whole stay (the fewest on any night), or -1 when a night has no ARI for the room (not offered).
 */
function readRoomNights(stay: StayWithNights, room: RoomRates): number {
  const { nights, calendar } = stay;
  if (roomPriceFactors.length < nights.length) roomPriceFactors = new Float64Array(nights.length);
  let remaining = Number.POSITIVE_INFINITY;
  for (let index = 0; index < nights.length; index++) {
    const roomNight = calendar.roomNight(room.room.code, nights[index].day);
    if (roomNight === undefined) return -1;
    roomPriceFactors[index] = roomNight.priceFactor;
    remaining = Math.min(remaining, roomNight.roomsLeft);
  }
  return remaining;
}

function isStopSold(stay: StayWithNights, room: RoomRates, ratePlan: RatePlanRates): boolean {
  for (const night of stay.nights) if (stay.calendar.isStopSold(room.room.code, ratePlan.plan.code, night.day)) return true;
  return false;
}

/** One room's public price over the stay on the plan, before the plan's factor: each night's price with its lead-time effect (the room's nights read last). */
function publicTotalOf(stay: StayWithNights, room: RoomRates, ratePlan: RatePlanRates): number {
  const base = nightlyBase(room, ratePlan, stay.party);
  const nights = stay.nights;
  let publicTotal = 0;
  for (let index = 0; index < nights.length; index++) {
    publicTotal += base * nights[index].demandFactor * roomPriceFactors[index] * nights[index].leadTimeFactor;
  }
  return publicTotal;
}

/**
 * Price and availability of one room and rate plan for the stay, `remaining` rooms left (the room's
 * nights read last): a night's price is the room's base (for the party, with the board) times the
 * night's demand and the room night's own factor, and the lead-time effect; the plan's factor sets
 * its share. Totals cover every night and room.
 */
function quoteStay(stay: StayWithNights, room: RoomRates, remaining: number, ratePlan: RatePlanRates): RoomRateAvailability {
  const { rates, party, nights } = stay;
  const currency = rates.property.currency;
  const base = nightlyBase(room, ratePlan, party);

  let undiscountedTotal = 0;
  for (let index = 0; index < nights.length; index++) undiscountedTotal += base * nights[index].demandFactor * roomPriceFactors[index];
  const closed = stay.anyPast || isStopSold(stay, room, ratePlan);

  const total = planTotal(publicTotalOf(stay, room, ratePlan), ratePlan, party, currency);
  const rack = roundToMinorUnits(undiscountedTotal * rates.rackPremium * party.rooms, currency);
  const cityTax = rates.cityTaxPerAdultNight * party.adults * nights.length;
  const member = ratePlan.memberFactor === null ? undefined : roundToMinorUnits(total * ratePlan.memberFactor, currency);

  const roomCode = room.room.code;
  const ratePlanCode = ratePlan.plan.code;
  const boardCode = ratePlan.plan.boardCode;
  const status = statusOf(stay, closed, remaining);
  const minStay = stay.minStay;
  const discount = roundToMinorUnits(Math.max(0, rack - total), currency);
  const excludedCharges = roundToMinorUnits(cityTax, currency);
  // Written out in both shapes, in one key order: a spread of the member prices made a temporary object per quote.
  if (member === undefined) return { roomCode, ratePlanCode, boardCode, status, remaining, minStay, total, discount, excludedCharges };
  const memberDiscount = roundToMinorUnits(Math.max(0, rack - member), currency);
  return { roomCode, ratePlanCode, boardCode, status, remaining, minStay, total, discount, memberTotal: member, memberDiscount, excludedCharges };
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
