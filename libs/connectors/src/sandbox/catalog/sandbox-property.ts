import type { PropertyRates, RatePlanRates, RoomRates } from '../../pricing/rate-rules.js';
import type { ChannelType } from '@hotelapi/domain';
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

/** How a kind of channel prices against our direct rate, and how widely it distributes. */
export interface ChannelBehaviour {
  /** Chance the channel lists a given property at all. */
  readonly listsProperty: number;
  /** Chance it sells a given rate plan of a property it lists. */
  readonly sellsRatePlan: number;
  /** Its price for a stay is the direct total times 1 + an offset drawn in [min, max). */
  readonly offset: { readonly min: number; readonly max: number };
}

/** A channel, its place in `ChannelType` (which keys its draws) and how it prices. */
export interface SellingChannel {
  readonly channel: ChannelType;
  readonly index: number;
  readonly behaviour: ChannelBehaviour;
}
