/**
 * `GET /v1/availability/calendar`: for a booking widget's date picker, the lowest price of a stay
 * arriving on each date of a range, across a chain or at one of its properties. Keyless and without
 * envelope, like multi-property availability, whose widgets parse it.
 */

import { z } from 'zod';
import { Amount, CalendarDate, CurrencyCode } from './common.js';
import { atMostDates } from './date-range.js';
import { fieldOrder } from './field-order.js';
import { ChainCode, PropertyCode } from './property.js';
import { QueryInteger } from './query-string.js';
import { Adults, Children } from './stay.js';

/** Most arrival dates one calendar request may span: a leap year, `from` and `to` included. */
export const MAX_CALENDAR_DATES = 366;

export const Nights = z.int().min(1, 'must be at least 1').max(30, 'must be at most 30').describe('Nights of the stay, 1 to 30.');
export type Nights = z.infer<typeof Nights>;

export const PriceCalendarQuery = z
  .object({
    chainCode: ChainCode.describe('Chain whose properties are priced; resolves the chain as on /v1/availability/multi.'),
    from: CalendarDate.describe('First arrival date, yyyy-MM-dd; not before today.'),
    to: CalendarDate.describe(`Last arrival date, yyyy-MM-dd, included; at most ${MAX_CALENDAR_DATES} dates from \`from\`.`),
    currency: CurrencyCode.describe('Currency of the prices (ISO 4217).'),
    propertyCode: PropertyCode.optional().describe('Only this property of the chain; when omitted, the whole chain.'),
    nights: QueryInteger(Nights).prefault(1),
    adults: QueryInteger(Adults).prefault(2),
    children: QueryInteger(Children).prefault(0),
  })
  .check(
    fieldOrder('from', 'to', { strict: false, message: 'must not be before from' }),
    atMostDates(MAX_CALENDAR_DATES),
  );
export type PriceCalendarQuery = z.infer<typeof PriceCalendarQuery>;
export type PriceCalendarQueryInput = z.input<typeof PriceCalendarQuery>;

export const PriceCalendarDate = z
  .object({
    date: CalendarDate.describe('Arrival date.'),
    bookable: z.boolean().describe('True when a stay of `nights` nights arriving that day can be booked.'),
    price: Amount.nullable().describe('Lowest price of that stay (whole stay, in `currency`); null when not bookable.'),
    minStay: z.int().positive().nullable().describe('Fewest nights a stay arriving that day must last; null when nothing is sold that day.'),
    closedToArrival: z.boolean().describe('True when no room and rate accepts an arrival that day.'),
  })
  .meta({ id: 'PriceCalendarDate', description: 'One arrival date of a price calendar.' });
export type PriceCalendarDate = z.infer<typeof PriceCalendarDate>;

export const PriceCalendarResponse = z
  .object({
    chainCode: ChainCode.describe('Echo of the request.'),
    propertyCode: PropertyCode.nullable().describe('Echo of the request; null for the whole chain.'),
    from: CalendarDate.describe('Echo of the request.'),
    to: CalendarDate.describe('Echo of the request.'),
    nights: Nights.describe('Echo of the request.'),
    adults: Adults.describe('Echo of the request.'),
    children: Children.describe('Echo of the request.'),
    currency: CurrencyCode.describe('Currency of every price.'),
    symbol: z.string().describe('Currency symbol.'),
    dates: z.array(PriceCalendarDate).describe('Every date from `from` to `to`, in order; dates beyond the booking horizon are listed as not bookable.'),
  })
  .meta({ id: 'PriceCalendarResponse', description: 'Lowest prices per arrival date, across a chain or at one property.' });
export type PriceCalendarResponse = z.infer<typeof PriceCalendarResponse>;
