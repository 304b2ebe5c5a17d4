import type { Room } from '../ports/property-catalog.js';
import type { Occupancy } from '../ports/stay.js';
import type { OccupancyRules } from './rate-rules.js';

/**
 * Who sleeps in each of the identical rooms booked. The request's adults and children are totals
 * for the booking, spread as evenly as possible over its rooms; infants sleep in cots and are
 * neither counted against a room's capacity nor priced.
 */
export interface Party {
  readonly rooms: number;
  /** Adults of the booking, for per-person charges such as city tax. */
  readonly adults: number;
  /** In the fullest room. */
  readonly adultsPerRoom: number;
  readonly childrenPerRoom: number;
}

export function partyOf({ adults, children, rooms = 1 }: Occupancy): Party {
  const roomCount = Math.max(1, Math.floor(rooms));
  return {
    rooms: roomCount,
    adults,
    adultsPerRoom: Math.ceil(adults / roomCount),
    childrenPerRoom: Math.ceil(children / roomCount),
  };
}

/** Whether the party's fullest room fits; a room it does not fit is simply not offered. */
export function fitsIn(room: Room, party: Party): boolean {
  return party.adultsPerRoom <= room.maxAdults && party.adultsPerRoom + party.childrenPerRoom <= room.maxOccupancy;
}

/** Room price against two adults: a single occupant pays less, extra beds add to it. */
export function occupancyPriceFactor(rules: OccupancyRules, party: Party): number {
  const adultsFactor = party.adultsPerRoom === 1 ? rules.singleOccupancyFactor : 1 + rules.extraAdultFactor * (party.adultsPerRoom - 2);
  return adultsFactor + rules.childFactor * party.childrenPerRoom;
}

/** Guests who eat at the property's board, a child counting its share. */
export function boardGuests(rules: OccupancyRules, party: Party): number {
  return party.adultsPerRoom + rules.childBoardShare * party.childrenPerRoom;
}
