import type { ArrivalDate, Chain, Property } from '@hotelapi/connectors';
import {
  addDays,
  daysBetween,
  currencySymbol,
  todayInTimeZone,
  type PriceCalendarDate,
  type PriceCalendarQuery,
  type PriceCalendarResponse,
} from '@hotelapi/domain';
import { ApiFailure } from '../failures/api-failure.js';
import { yieldWhenSliceSpent } from './admission/time-slices.js';
import { chainProperties, type WarningLog } from './availability.js';
import { conversionsInto, type ConversionsInto } from './availability/conversions.js';
import { askInBatches } from './availability/each-property.js';
import type { Conversion } from './currency-conversion.js';
import type { ApiServices } from './context.js';

/** The calendars of the properties pricing in one currency, with its conversion into the requested one. */
interface CurrencyCalendars {
  readonly convert: Conversion;
  readonly calendars: (readonly ArrivalDate[])[];
}

/**
 * The price calendar behind `GET /v1/availability/calendar`: for each arrival date from `from` to
 * `to`, the lowest price of a stay of `nights` nights across the chain (or at `propertyCode`).
 *
 * Set-based: the booking engine is asked for many properties and the whole range at once
 * (`getArrivalCalendars`, in batches as for multi-property availability); a property whose
 * lookup fails is logged and left out. Arrival dates beyond the booking horizon (today plus
 * `maxAdvanceDays`, from the earliest today among the properties' zones) are listed as not
 * bookable without asking anyone. 400s name the parameter: a `propertyCode` outside the chain, an
 * unknown `currency`, `from` before today in every property's time zone, `nights` over the stay policy.
 */
export async function priceCalendar(
  services: ApiServices,
  chain: Chain,
  query: PriceCalendarQuery,
  log: WarningLog,
): Promise<PriceCalendarResponse> {
  if (query.propertyCode !== undefined && !chain.propertyCodes.includes(query.propertyCode)) {
    throw new ApiFailure('property_not_in_chain', `propertyCode ${query.propertyCode} is not a property of chain ${chain.code}.`, { param: 'propertyCode' });
  }
  if (query.nights > services.stayPolicy.maxNights) {
    throw new ApiFailure('stay_too_long', `nights ${query.nights} is more than the ${services.stayPolicy.maxNights} nights allowed.`, { param: 'nights' });
  }
  const conversions = conversionsInto(services.connectors.exchangeRates, query.currency);
  await conversions(query.currency);

  const properties = await chainProperties(services, { ...chain, propertyCodes: query.propertyCode ? [query.propertyCode] : chain.propertyCodes }, log);
  if (properties.length === 0) throw new ApiFailure('upstream_failed', `No property of chain ${chain.code} could be read.`);
  // Refused only when `from` is over everywhere: a guest's today is still today somewhere in a
  // chain spanning time zones, and the days already over at some properties come back unbookable there.
  const todays = properties.map((property) => todayInTimeZone(property.timeZone, services.now()));
  const earliestToday = todays.reduce((earliest, today) => (today < earliest ? today : earliest));
  if (query.from < earliestToday) {
    throw new ApiFailure('checkin_in_past', `from ${query.from} is before today (${earliestToday}) at every property.`, { param: 'from' });
  }
  const horizon = addDays(earliestToday, services.stayPolicy.maxAdvanceDays);
  await Promise.all([...new Set(properties.map((property) => property.currency))].map(conversions));

  const lastAsked = query.to < horizon ? query.to : horizon;
  const calendars = query.from > lastAsked ? [] : await arrivalCalendars(services, properties, { ...query, to: lastAsked }, conversions, log);
  if (query.from <= lastAsked && calendars.length === 0) throw new ApiFailure('upstream_failed', `No property of chain ${chain.code} answered.`);

  const asked: string[] = [];
  for (let date = query.from; date <= query.to; date = addDays(date, 1)) asked.push(date);
  const answered = asked.filter((date) => date <= lastAsked);
  const combined = await combine(answered, calendars);
  const dates = asked.map(
    (date, index): PriceCalendarDate => combined[index] ?? { date, bookable: false, price: null, minStay: null, closedToArrival: false },
  );
  return {
    chainCode: chain.code,
    propertyCode: query.propertyCode ?? null,
    from: query.from,
    to: query.to,
    nights: query.nights,
    adults: query.adults,
    children: query.children,
    currency: query.currency,
    symbol: currencySymbol(query.currency),
    dates,
  };
}

/**
 * Every property's calendar from set-based booking-engine calls (askInBatches), its totals'
 * conversion with it; properties whose lookup fails are logged and left out.
 */
async function arrivalCalendars(
  services: ApiServices,
  properties: readonly Property[],
  query: PriceCalendarQuery,
  conversions: ConversionsInto,
  log: WarningLog,
): Promise<CurrencyCalendars[]> {
  const codes = properties.map((property) => property.code);
  const request = { from: query.from, to: query.to, nights: query.nights, adults: query.adults, children: query.children };
  // Each arrival date's stay reaches `nights` past the range: every one of those nights is read.
  const nights = daysBetween(query.from, query.to) + 1 + query.nights;
  const answer = await askInBatches(codes, nights, (batch) => services.connectors.bookingEngine.getArrivalCalendars(batch, request));
  for (const { propertyCode, error } of answer.failures) log.warn({ err: error, propertyCode }, 'calendar lookup failed; property left out');
  const currencyOf = new Map(properties.map((property) => [property.code, property.currency]));
  const byCurrency = new Map<string, CurrencyCalendars>();
  for (const { propertyCode, dates } of answer.properties) {
    const currency = currencyOf.get(propertyCode);
    if (currency === undefined) continue;
    let group = byCurrency.get(currency);
    if (!group) byCurrency.set(currency, (group = { convert: await conversions(currency), calendars: [] }));
    group.calendars.push(dates);
  }
  return [...byCurrency.values()];
}

/**
 * Each date across the properties: the lowest converted price, the shortest minimum stay of those
 * selling that day, and closed to arrival only when every property is. Property by property (each
 * one's dates side by side in memory), with the event loop given turns between them. A conversion
 * never puts two prices in the other order (a positive rate, then rounding), so the lowest of a
 * currency's properties is the one converted: once per currency and date, not once per property.
 */
async function combine(dates: readonly string[], groups: readonly CurrencyCalendars[]): Promise<PriceCalendarDate[]> {
  const prices: (number | null)[] = dates.map(() => null);
  const minStays: (number | null)[] = dates.map(() => null);
  const closedToArrival: boolean[] = dates.map(() => true);
  for (const { convert, calendars } of groups) {
    const lowest: (number | null)[] = dates.map(() => null);
    for (const calendar of calendars) {
      const turn = yieldWhenSliceSpent();
      if (turn) await turn;
      for (let index = 0; index < dates.length; index++) {
        const entry = calendar[index];
        // The port lists every date in order; an adapter that does not is a bug, not a closed day.
        if (entry?.date !== dates[index]) throw new Error(`Booking engine calendar has ${entry?.date} where ${dates[index]} belongs`);
        const lowestTotal = entry.lowestTotal;
        const lowestSoFar = lowest[index];
        if (lowestTotal !== null && (lowestSoFar === null || lowestTotal < lowestSoFar)) lowest[index] = lowestTotal;
        const minStay = entry.minStay;
        const minStaySoFar = minStays[index];
        if (minStay !== null && (minStaySoFar === null || minStay < minStaySoFar)) minStays[index] = minStay;
        if (!entry.closedToArrival) closedToArrival[index] = false;
      }
    }
    lowest.forEach((total, index) => {
      if (total === null) return;
      const converted = convert(total);
      const priceSoFar = prices[index];
      if (priceSoFar === null || converted < priceSoFar) prices[index] = converted;
    });
  }
  return dates.map((date, index) => {
    const price = prices[index];
    return { date, bookable: price !== null, price, minStay: minStays[index], closedToArrival: closedToArrival[index] };
  });
}
