import { yieldWhenSliceSpent, type ArrivalDate, type Chain, type Property } from '@hotelapi/connectors';
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
import { chainProperties, type WarningLog } from './availability.js';
import { conversionsInto, type ConversionsInto } from './availability/conversions.js';
import { askInBatches } from './availability/each-property.js';
import type { ApiServices } from './context.js';

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
  const asked: string[] = [];
  for (let date = query.from; date <= query.to; date = addDays(date, 1)) asked.push(date);
  const answered = asked.filter((date) => date <= lastAsked);
  const lowest = new LowestPerDate(answered);
  if (answered.length > 0) {
    const propertiesAnswered = await foldArrivalCalendars(services, properties, { ...query, to: lastAsked }, lowest, log);
    if (propertiesAnswered === 0) throw new ApiFailure('upstream_failed', `No property of chain ${chain.code} answered.`);
  }
  const combined = await lowest.dates(conversions);
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
 * Every property's calendar from set-based booking-engine calls (askInBatches), each batch folded
 * into `lowest` as it arrives and then dropped: a chain's calendars held until the last batch
 * (500 properties by 366 dates) outlived the young generation and were copied and collected
 * while probes waited. Properties whose lookup fails are logged and left out. Answers how many
 * properties were folded.
 */
async function foldArrivalCalendars(
  services: ApiServices,
  properties: readonly Property[],
  query: PriceCalendarQuery,
  lowest: LowestPerDate,
  log: WarningLog,
): Promise<number> {
  const codes = properties.map((property) => property.code);
  const request = { from: query.from, to: query.to, nights: query.nights, adults: query.adults, children: query.children };
  // Each arrival date's stay reaches `nights` past the range: every one of those nights is read.
  const nights = daysBetween(query.from, query.to) + 1 + query.nights;
  const currencyOf = new Map(properties.map((property) => [property.code, property.currency]));
  let folded = 0;
  // An adapter's bug is not a failed lookup: it fails the request, as it would unbatched.
  let bug: unknown;
  const answer = await askInBatches(codes, nights, async (batch) => {
    const { properties: calendars, failures } = await services.connectors.bookingEngine.getArrivalCalendars(batch, request);
    for (const { propertyCode, dates } of calendars) {
      const currency = currencyOf.get(propertyCode);
      if (currency === undefined || bug !== undefined) continue;
      const turn = yieldWhenSliceSpent();
      if (turn) await turn;
      try {
        lowest.add(currency, dates);
        folded++;
      } catch (error) {
        bug = error;
      }
    }
    return { properties: [], failures };
  });
  if (bug !== undefined) throw bug;
  for (const { propertyCode, error } of answer.failures) log.warn({ err: error, propertyCode }, 'calendar lookup failed; property left out');
  return folded;
}

/**
 * Each date across the properties: the lowest converted price, the shortest minimum stay of those
 * selling that day, and closed to arrival only when every property is. A conversion never puts
 * two prices in the other order (a positive rate, then rounding), so the lowest of a currency's
 * properties is the one converted: once per currency and date, not once per property.
 */
class LowestPerDate {
  /** The lowest total of each date in each property currency. */
  private readonly lowestByCurrency = new Map<string, (number | null)[]>();
  private readonly minStays: (number | null)[];
  private readonly closedToArrival: boolean[];

  constructor(private readonly asked: readonly string[]) {
    this.minStays = asked.map(() => null);
    this.closedToArrival = asked.map(() => true);
  }

  /** One property's calendar, in its currency. */
  add(currency: string, calendar: readonly ArrivalDate[]): void {
    const { asked, minStays, closedToArrival } = this;
    let lowest = this.lowestByCurrency.get(currency);
    if (!lowest) this.lowestByCurrency.set(currency, (lowest = asked.map(() => null)));
    for (let index = 0; index < asked.length; index++) {
      const entry = calendar[index];
      // The port lists every date in order; an adapter that does not is a bug, not a closed day.
      if (entry?.date !== asked[index]) throw new Error(`Booking engine calendar has ${entry?.date} where ${asked[index]} belongs`);
      const lowestTotal = entry.lowestTotal;
      const lowestSoFar = lowest[index];
      if (lowestTotal !== null && (lowestSoFar === null || lowestTotal < lowestSoFar)) lowest[index] = lowestTotal;
      const minStay = entry.minStay;
      const minStaySoFar = minStays[index];
      if (minStay !== null && (minStaySoFar === null || minStay < minStaySoFar)) minStays[index] = minStay;
      if (!entry.closedToArrival) closedToArrival[index] = false;
    }
  }

  /** The dates asked, each currency's lowest converted into the requested one. */
  async dates(conversions: ConversionsInto): Promise<PriceCalendarDate[]> {
    const prices: (number | null)[] = this.asked.map(() => null);
    for (const [currency, lowest] of this.lowestByCurrency) {
      const convert = await conversions(currency);
      lowest.forEach((total, index) => {
        if (total === null) return;
        const converted = convert(total);
        const priceSoFar = prices[index];
        if (priceSoFar === null || converted < priceSoFar) prices[index] = converted;
      });
    }
    return this.asked.map((date, index) => {
      const price = prices[index];
      return { date, bookable: price !== null, price, minStay: this.minStays[index], closedToArrival: this.closedToArrival[index] };
    });
  }
}
