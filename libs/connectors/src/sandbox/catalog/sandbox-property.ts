import type { PropertyRates, RatePlanRates, RoomRates } from '../../pricing/rate-rules.js';
import type { SellingChannel } from '../pricing/channel-prices.js';
import type { Destination } from '../world/destinations.js';

/** A sellable room with what its prices start from. */
export interface PricedRoom extends RoomRates {
  /** Position in the property's room list: keys the room's calendar hashes. */
  readonly index: number;
}

/** A rate plan with what it adds to a room's price. */
export interface PricedRatePlan extends RatePlanRates {
  /** Position in the property's rate-plan list: keys the plan's calendar hashes. */
  readonly index: number;
  /** The channels that sell it, drawn when the property is generated. */
  readonly channels: readonly SellingChannel[];
}

/**
 * A generated property: the catalog entry the port returns, plus the figures its calendar
 * (prices, inventory, restrictions) and reviews are computed from.
 */
export interface SandboxProperty extends PropertyRates {
  /** Seed of every hashed calendar value of the property. */
  readonly seed: number;
  readonly destination: Destination;
  readonly sellableRooms: readonly PricedRoom[];
  readonly ratePlans: readonly PricedRatePlan[];
}
