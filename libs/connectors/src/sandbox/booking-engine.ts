import { declareCache } from '@hotelapi/caches';
import type {
  ArrivalCalendarRequest,
  ArrivalDate,
  AvailabilityRequest,
  BookingEngine,
  ChainArrivalCalendars,
  ChainAvailability,
  MonthlyLowestRate,
  PropertyAvailability,
} from '../ports/booking-engine.js';
import { arrivalCalendar, calendarRange, type CalendarRange } from '../pricing/arrival-calendar.js';
import { parseIsoDate, todayIn } from '../pricing/calendar.js';
import { lowestMonthlyRates } from '../pricing/lowest-monthly-rates.js';
import { partyOf } from '../pricing/party.js';
import { StayQuotes } from './pricing/stay-quotes.js';
import { yieldWhenSliceSpent } from '../time-slices.js';
import type { SandboxProperty } from './catalog/sandbox-property.js';
import type { SandboxDataset } from './dataset.js';

/** Lowest-monthly-rate answers kept; the least recently used goes first. */
const LOWEST_RATES = declareCache({
  name: 'sandbox-lowest-rates',
  key: 'property and its push version, first month, months and the property’s today',
  max: 2_000,
  invalidation: 'none needed: a push to the property bumps its version, and the day is in the key',
});
/** Calls `each` for every item in turn, giving the event loop a turn whenever the process's slice is spent. */
async function inSlices<T>(items: readonly T[], each: (item: T) => void): Promise<void> {
  for (const item of items) {
    const turn = yieldWhenSliceSpent();
    if (turn) await turn;
    each(item);
  }
}

/**
 * The booking-engine port over the sandbox calendar. Prices are the same for every device and
 * guest country: the sandbox has no geo-targeted or mobile-only rates.
 */
export class SandboxBookingEngine implements BookingEngine {
  private readonly lowestByRequest = LOWEST_RATES.create<string, readonly MonthlyLowestRate[]>();

  constructor(
    private readonly dataset: SandboxDataset,
    private readonly now: () => Date,
    private readonly stayQuotes = new StayQuotes(dataset, now),
  ) {}

  async getAvailability(propertyCode: string, request: AvailabilityRequest): Promise<PropertyAvailability> {
    const sandbox = this.dataset.requireProperty(propertyCode);
    return {
      propertyCode,
      currency: sandbox.property.currency,
      // A copy: the port's answer is the caller's to keep, the kept quotes are shared.
      rates: [...this.stayQuotes.quotes(propertyCode, request)],
    };
  }

  /**
   * Prices the properties one after another, as a booking engine would answer a batch; after
   * every slice of pricing (`time-slices.ts`) the event loop gets a turn, so that MEGA's 500 properties do not
   * hold every other request of the process (health checks, sockets, cheap calls) for one block.
   */
  async getChainAvailability(propertyCodes: readonly string[], request: AvailabilityRequest): Promise<ChainAvailability> {
    const properties: PropertyAvailability[] = [];
    const failures: { propertyCode: string; error: unknown }[] = [];
    await inSlices(propertyCodes, (propertyCode) => {
      const sandbox = this.dataset.findProperty(propertyCode);
      if (!sandbox) return;
      try {
        properties.push({ propertyCode, currency: sandbox.property.currency, rates: this.stayQuotes.cheapestPerPlan(propertyCode, request) });
      } catch (error) {
        failures.push({ propertyCode, error });
      }
    });
    return { properties, failures };
  }

  async getLowestMonthlyRates(propertyCode: string, from: string, months: number): Promise<readonly MonthlyLowestRate[]> {
    const sandbox = this.dataset.requireProperty(propertyCode);
    const today = todayIn(sandbox.property.timeZone, this.now());
    // A year of nights is a few thousand quotes; the answer only changes with the day, so it is
    // kept for the day (and until something is pushed for the property), as a booking engine's
    // calendar cache would.
    const key = `${propertyCode}|${this.dataset.pushes.versionOf(propertyCode)}|${from}|${months}|${today}`;
    let lowest = this.lowestByRequest.get(key);
    if (!lowest) {
      lowest = Object.freeze(lowestMonthlyRates(sandbox, this.dataset.calendarOf(sandbox), parseIsoDate(from), months, today));
      this.lowestByRequest.set(key, lowest);
    }
    return lowest;
  }

  async getArrivalCalendar(propertyCode: string, request: ArrivalCalendarRequest): Promise<readonly ArrivalDate[]> {
    return this.arrivalCalendarOf(this.dataset.requireProperty(propertyCode), calendarRange(request), request);
  }

  /** One property after another, the event loop given a turn between slices, as getChainAvailability does. */
  async getArrivalCalendars(propertyCodes: readonly string[], request: ArrivalCalendarRequest): Promise<ChainArrivalCalendars> {
    const range = calendarRange(request);
    const properties: { propertyCode: string; dates: readonly ArrivalDate[] }[] = [];
    await inSlices(propertyCodes, (propertyCode) => {
      const sandbox = this.dataset.findProperty(propertyCode);
      if (sandbox) properties.push({ propertyCode, dates: this.arrivalCalendarOf(sandbox, range, request) });
    });
    return { properties, failures: [] };
  }

  private arrivalCalendarOf(sandbox: SandboxProperty, { from, to }: CalendarRange, request: ArrivalCalendarRequest): ArrivalDate[] {
    const today = todayIn(sandbox.property.timeZone, this.now());
    return arrivalCalendar(sandbox, this.dataset.calendarOf(sandbox), from, to, request.nights, partyOf(request), today);
  }
}
