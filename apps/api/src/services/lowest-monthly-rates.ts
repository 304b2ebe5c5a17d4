import type { Property } from '@hotelapi/connectors';
import { todayInTimeZone, type GetPropertyLowestMonthlyRatesData } from '@hotelapi/domain';
import type { ApiServices } from './context.js';
import { conversionInto } from './currency-conversion.js';

/** How many months the lowest monthly rates cover: the current month and the eleven after it. */
export const LOWEST_RATE_MONTHS = 12;

/**
 * The cheapest night of each coming month at a property, the current month first, in `currency`
 * (the property's own when omitted): the one function behind
 * `GET /v1/properties/{code}/lowest-monthly-rates` and the MCP `get_property_lowest_monthly_rates`
 * tool. "Now" is read in the property's time zone: late on the last day of a month in Lisbon is
 * already the next month in Tokyo, and nights that are over there are not offered.
 */
export async function lowestMonthlyRates(
  services: Pick<ApiServices, 'connectors' | 'now'>,
  property: Property,
  currency: string = property.currency,
): Promise<GetPropertyLowestMonthlyRatesData> {
  // Checked before the booking engine is asked: a typo costs no upstream call.
  const convert = await conversionInto(services.connectors.exchangeRates, property.currency, currency);
  const today = todayInTimeZone(property.timeZone, services.now());
  const months = await services.connectors.bookingEngine.getLowestMonthlyRates(property.code, today, LOWEST_RATE_MONTHS);
  return {
    hotelCode: property.code,
    currency,
    // Copied field by field: whatever else a connector attaches stays out of the answer.
    lowestMonthlyRates: months.map(({ month, year, rate, day, minStay }) => ({ month, year, rate: convert(rate), day, minStay })),
  };
}
