import type { AvailabilityStatus, Device } from '@hotelapi/domain';
import type { Occupancy, Stay } from './stay.js';

export interface AvailabilityRequest extends Stay, Occupancy {
  readonly device?: Device;
  /** ISO 3166-1 alpha-2 of the guest, for geo-targeted prices. */
  readonly remoteCountry?: string;
}

/** One room and rate for the stay. Prices are totals for the stay in the result's currency. */
export interface RoomRateAvailability {
  readonly roomCode: string;
  readonly ratePlanCode: string;
  readonly boardCode: number;
  readonly status: AvailabilityStatus;
  /** Rooms left to sell at this rate. */
  readonly remaining: number;
  /** Minimum nights for a stay arriving on the check-in date. */
  readonly minStay: number;
  readonly total: number;
  /** Saving against the public (rack) price, as an amount. */
  readonly discount: number;
  /** Price for loyalty members, where the rate plan has one. */
  readonly memberTotal?: number;
  readonly memberDiscount?: number;
  /** Charges payable at the property and not included in `total` (city tax and the like). */
  readonly excludedCharges: number;
}

export interface PropertyAvailability {
  readonly propertyCode: string;
  /** ISO 4217: the property's own currency. */
  readonly currency: string;
  readonly rates: readonly RoomRateAvailability[];
}

export interface MonthlyLowestRate {
  readonly year: number;
  /** 1..12. */
  readonly month: number;
  /** `yyyy-MM-dd` of the cheapest night. */
  readonly day: string;
  /** Lowest nightly rate in the property's currency. */
  readonly rate: number;
  readonly minStay: number;
}

/** A chain-wide answer: what could be read, and which properties could not and why. */
export interface ChainAvailability {
  /** In the order asked; properties the engine does not know are left out. */
  readonly properties: readonly PropertyAvailability[];
  /** Properties whose lookup failed: the caller leaves them out of its answer and says so. */
  readonly failures: readonly { readonly propertyCode: string; readonly error: unknown }[];
}

/** Port: rooms, rates, inventory and restrictions for a stay. */
export interface BookingEngine {
  getAvailability(propertyCode: string, request: AvailabilityRequest): Promise<PropertyAvailability>;
  /** The same for many properties at once, set-based: a bounded number of round trips whatever the count. */
  getChainAvailability(propertyCodes: readonly string[], request: AvailabilityRequest): Promise<ChainAvailability>;
  /** For each of `months` months starting with the month of `from` (`yyyy-MM-dd`, nights before it excluded). */
  getLowestMonthlyRates(propertyCode: string, from: string, months: number): Promise<readonly MonthlyLowestRate[]>;
}
