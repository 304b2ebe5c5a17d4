import type { Property, RatePlan, Room } from '../ports/property-catalog.js';
import type { EpochDay } from './calendar.js';

/**
 * How a property prices its rooms, as a channel manager publishes it: rates per room and rate
 * plan, the plan's occupancy and length-of-stay rules, and per-night ARI (below). The sandbox
 * derives these figures from its seeds; PostgreSQL stores them. Both quote stays with the same
 * code (`quote-stay.ts`), so both give the same totals to the last cent.
 */

/** Price of a room for other parties than two adults, and who eats at the board. */
export interface OccupancyRules {
  /** Room price factor for one adult (two adults is 1). */
  readonly singleOccupancyFactor: number;
  /** Added to the factor for each adult beyond two. */
  readonly extraAdultFactor: number;
  /** Added to the factor for each child. */
  readonly childFactor: number;
  /** A child's share of an adult's board supplement. */
  readonly childBoardShare: number;
}

/** Price effect of booking a night `daysAhead` days ahead: the first band with `maxDaysAhead >= daysAhead` applies. */
export interface LeadTimeBand {
  /** Null for the last, open-ended band. */
  readonly maxDaysAhead: number | null;
  readonly factor: number;
}

/** A sellable room with what its prices start from. */
export interface RoomRates {
  readonly room: Room;
  /** Nightly price for two adults, room only, before demand, lead time and the night's own factor (property currency). */
  readonly baseNightly: number;
}

/** A rate plan with what it adds to and takes from a room's price. */
export interface RatePlanRates {
  readonly plan: RatePlan;
  /** Meal supplement per guest per night (a child counts `childBoardShare`), property currency. */
  readonly boardSupplementPerGuest: number;
  /** The plan's price against the public flexible price (non-refundable 0.9, ...). */
  readonly priceFactor: number;
  /** Members pay this share of the plan's price; null when the plan has no member price. */
  readonly memberFactor: number | null;
  readonly occupancy: OccupancyRules;
}

/** The pricing figures of one property. */
export interface PropertyRates {
  readonly property: Property;
  /** Active rooms only, in catalog order: inactive ones are listed by the catalog but never sold. */
  readonly sellableRooms: readonly RoomRates[];
  readonly ratePlans: readonly RatePlanRates[];
  /** The published rack price against the flexible price before lead-time effects. */
  readonly rackPremium: number;
  /** City tax per adult and night, payable at the property (`excludedCharges`). */
  readonly cityTaxPerAdultNight: number;
  readonly leadTime: readonly LeadTimeBand[];
}

/** Property-wide ARI of one night. */
export interface NightRates {
  /** Season and weekday demand, a factor on every room's base price. */
  readonly demandFactor: number;
  /** Fewest nights for a stay arriving on this night. */
  readonly minStay: number;
}

/** ARI of one room type on one night, shared by every rate plan (physical rooms are). */
export interface RoomNightRates {
  /** The room's own price factor that night (on top of the demand factor). */
  readonly priceFactor: number;
  readonly roomsLeft: number;
}

/**
 * Per-night ARI of one property, however it is stored. A night or room night it has no figures
 * for is not for sale.
 */
export interface AriCalendar {
  night(day: EpochDay): NightRates | undefined;
  roomNight(roomCode: string, day: EpochDay): RoomNightRates | undefined;
  /** Stop-sell: the room and rate may not be sold for a stay that includes this night. */
  isStopSold(roomCode: string, ratePlanCode: string, day: EpochDay): boolean;
}

/** Lead-time factor of a night booked `daysAhead` days ahead (1 when no band applies). */
export function leadTimeFactor(bands: readonly LeadTimeBand[], daysAhead: number): number {
  for (const band of bands) if (band.maxDaysAhead === null || daysAhead <= band.maxDaysAhead) return band.factor;
  return 1;
}
