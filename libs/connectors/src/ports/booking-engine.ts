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

/** Price calendars of many properties: what could be read, and which properties could not and why. */
export interface ChainArrivalCalendars {
  /** In the order asked; properties the engine does not know are left out. */
  readonly properties: readonly { readonly propertyCode: string; readonly dates: readonly ArrivalDate[] }[];
  /** Properties whose lookup failed: the caller leaves them out of its answer. */
  readonly failures: readonly { readonly propertyCode: string; readonly error: unknown }[];
}

/** A price calendar's question: the same stay and party, arriving on every date from `from` to `to`. */
export interface ArrivalCalendarRequest extends Occupancy {
  /** First arrival date, `yyyy-MM-dd`. */
  readonly from: string;
  /** Last arrival date, `yyyy-MM-dd`, included; not before `from`. */
  readonly to: string;
  /** Length of the stay arriving on each date. */
  readonly nights: number;
}

/** One arrival date of a property's price calendar. */
export interface ArrivalDate {
  /** `yyyy-MM-dd`. */
  readonly date: string;
  /**
   * Lowest total for the stay arriving that day, over every room and rate `getAvailability` would
   * answer `AVL` for it, in the property's currency; null when none is bookable.
   */
  readonly lowestTotal: number | null;
  /** Fewest nights a stay arriving that day must last; null when nothing is sold that day (all closed or sold out). */
  readonly minStay: number | null;
  /** True when no room and rate accepts an arrival that day. */
  readonly closedToArrival: boolean;
}

/** Port: rooms, rates, inventory and restrictions for a stay. */
export interface BookingEngine {
  getAvailability(propertyCode: string, request: AvailabilityRequest): Promise<PropertyAvailability>;
  /**
   * What a chain search shows, for many properties at once, set-based (a bounded number of round
   * trips whatever the count): of what `getAvailability` answers, only the bookable (`AVL`) rate
   * of each rate plan with the lowest total, equal totals going to the lower room code.
   */
  getChainAvailability(propertyCodes: readonly string[], request: AvailabilityRequest): Promise<ChainAvailability>;
  /** For each of `months` months starting with the month of `from` (`yyyy-MM-dd`, nights before it excluded). */
  getLowestMonthlyRates(propertyCode: string, from: string, months: number): Promise<readonly MonthlyLowestRate[]>;
  /**
   * The price calendar of a property: one entry per arrival date from `request.from` to
   * `request.to`, in date order, every date listed. Answered set-based over the date range (one
   * pass, or one query), never as one availability lookup per day; each entry must agree with what
   * `getAvailability` answers for that stay and party. Dates the engine does not sell yet (beyond
   * its horizon) or any more (past) are listed with `lowestTotal` null.
   */
  getArrivalCalendar(propertyCode: string, request: ArrivalCalendarRequest): Promise<readonly ArrivalDate[]>;
  /**
   * The price calendars of many properties at once, each as `getArrivalCalendar` answers it,
   * set-based: a bounded number of round trips whatever the count.
   */
  getArrivalCalendars(propertyCodes: readonly string[], request: ArrivalCalendarRequest): Promise<ChainArrivalCalendars>;
}
