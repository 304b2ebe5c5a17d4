import type { AvailabilityRequest, BookingEngine, MonthlyLowestRate, PropertyAvailability } from '../ports/booking-engine.js';
import { parseIsoDate, todayIn } from './calendar.js';
import type { SandboxDataset } from './dataset.js';
import { lowestMonthlyRates } from './pricing/lowest-monthly-rates.js';
import { quoteOfferedRates, stayFor } from './pricing/quote-stay.js';

/**
 * The booking-engine port over the sandbox calendar. Prices are the same for every device and
 * guest country: the sandbox has no geo-targeted or mobile-only rates.
 */
export class SandboxBookingEngine implements BookingEngine {
  constructor(
    private readonly dataset: SandboxDataset,
    private readonly now: () => Date,
  ) {}

  async getAvailability(propertyCode: string, request: AvailabilityRequest): Promise<PropertyAvailability> {
    const sandbox = this.dataset.requireProperty(propertyCode);
    return {
      propertyCode,
      currency: sandbox.property.currency,
      rates: quoteOfferedRates(stayFor(sandbox, request, this.now())),
    };
  }

  async getLowestMonthlyRates(propertyCode: string, from: string, months: number): Promise<readonly MonthlyLowestRate[]> {
    const sandbox = this.dataset.requireProperty(propertyCode);
    const today = todayIn(sandbox.property.timeZone, this.now());
    return lowestMonthlyRates(sandbox, parseIsoDate(from), months, today);
  }
}
