import type { Property, RatePlan, Room } from '../../ports/property-catalog.js';
import type { Destination } from '../world/destinations.js';

/** A sellable room with what its prices start from. */
export interface PricedRoom {
  readonly room: Room;
  /** Position in the property's room list: keys the room's calendar hashes. */
  readonly index: number;
  /** Nightly price for two adults, room only, before season, weekday, lead time and noise (local currency). */
  readonly baseNightly: number;
}

/** A rate plan with what it adds to a room's price. */
export interface PricedRatePlan {
  readonly plan: RatePlan;
  /** Position in the property's rate-plan list: keys the plan's calendar hashes. */
  readonly index: number;
  /** Meal supplement per guest (a child counts half) per night, in the local currency. */
  readonly boardSupplementPerGuest: number;
}

/**
 * A generated property: the catalog entry the port returns, plus the figures its calendar
 * (prices, inventory, restrictions) and reviews are computed from.
 */
export interface SandboxProperty {
  readonly property: Property;
  /** Seed of every hashed calendar value of the property. */
  readonly seed: number;
  readonly destination: Destination;
  /** Active rooms only: inactive ones are listed by the catalog but never sold. */
  readonly sellableRooms: readonly PricedRoom[];
  readonly ratePlans: readonly PricedRatePlan[];
  /** The published rack price against the flexible price before lead-time effects (1.12..1.25). */
  readonly rackPremium: number;
}
