import type { Property, ShoppedRate, ShopResult } from '@hotelapi/connectors';
import {
  addDays,
  judgeChannels,
  summarizeParity,
  todayInTimeZone,
  type ChannelType,
  type ParityData,
  type ParityDate,
  type ParityHistoryData,
  type ParityHistoryQuery,
  type ParityObservation,
  type ParityQuery,
  type ParitySummary,
} from '@hotelapi/domain';
import pLimit from 'p-limit';
import { LOOKUPS_AT_ONCE } from './availability/each-property.js';
import { ApiFailure } from '../failures/api-failure.js';
import type { ApiServices } from './context.js';
import { conversionInto, type Conversion } from './currency-conversion.js';
import { cheapestFirst, shoppedChannels } from './shopper.js';
import { assertStayAllowed } from './stay-check.js';

export interface ParityAnswer {
  readonly data: ParityData;
  readonly summary: ParitySummary;
}

/**
 * The parity view of a property: the one function behind `GET /v1/parity/{code}` and the MCP
 * `get_property_parity` tool. For each arrival date from `from` to `to`, the rate shopper's
 * latest collection for a stay of `nights` nights: our lowest direct price, the configured
 * channels' (or the one asked for) prices of that same room and rate, each judged by the domain's
 * `parityStatus` within `tolerance`; and per channel, the domain's summary.
 *
 * 400s name the parameter: `from` before today at the property, `to` beyond the booking horizon,
 * `nights` over the stay policy, an unknown `currency`, a `channel` this deployment does not shop.
 */
export async function parityView(services: ApiServices, property: Property, query: ParityQuery): Promise<ParityAnswer> {
  const today = todayInTimeZone(property.timeZone, services.now());
  if (query.from < today) throw new ApiFailure('checkin_in_past', `from ${query.from} is before today (${today}) at the property.`, { param: 'from' });
  const horizon = addDays(today, services.stayPolicy.maxAdvanceDays);
  if (query.to > horizon) {
    throw new ApiFailure('checkin_too_far_ahead', `to ${query.to} is after ${horizon}, ${services.stayPolicy.maxAdvanceDays} days ahead.`, { param: 'to' });
  }
  if (query.nights > services.stayPolicy.maxNights) {
    throw new ApiFailure('stay_too_long', `nights ${query.nights} is more than the ${services.stayPolicy.maxNights} nights allowed.`, { param: 'nights' });
  }
  const channels = shoppedChannels(services, query.channel).map(([channel]) => channel);
  const convert = await conversionInto(services.connectors.exchangeRates, property.currency, query.currency);

  const limit = pLimit(LOOKUPS_AT_ONCE);
  const arrivals: string[] = [];
  for (let date = query.from; date <= query.to; date = addDays(date, 1)) arrivals.push(date);
  const dates = await limit.map(arrivals, async (date): Promise<ParityDate> => {
    const shop = await services.connectors.rateShopper.shop(property.code, {
      checkIn: date,
      checkOut: addDays(date, query.nights),
      adults: query.adults,
      children: query.children,
    });
    return { date, ...judged(shop, channels, convert, query.tolerance) };
  });

  return {
    data: {
      hotelCode: property.code,
      from: query.from,
      to: query.to,
      nights: query.nights,
      adults: query.adults,
      children: query.children,
      currency: query.currency,
      tolerance: query.tolerance,
      dates,
    },
    summary: { channels: summarizeParity(dates, query.currency) },
  };
}

/**
 * How one stay's parity moved: every collection the rate shopper kept for it (from `since` on),
 * oldest first, each judged as the parity view judges a date. The one function behind
 * `GET /v1/parity/{code}/history`.
 */
export async function parityHistory(services: ApiServices, property: Property, query: ParityHistoryQuery): Promise<ParityHistoryData> {
  assertStayAllowed(services.stayPolicy, services.now(), [property.timeZone], query);
  const channels = shoppedChannels(services, query.channel).map(([channel]) => channel);
  const convert = await conversionInto(services.connectors.exchangeRates, property.currency, query.currency);
  const history = await services.connectors.rateShopper.shopHistory(property.code, {
    checkIn: query.checkIn,
    checkOut: query.checkOut,
    adults: query.adults,
    children: query.children,
    ...(query.since === undefined ? {} : { since: new Date(query.since.length === 10 ? `${query.since}T00:00:00Z` : query.since) }),
  });
  const observations: ParityObservation[] = history.map((shop) => ({
    collectedAt: shop.collectedAt.toISOString(),
    ...judged(shop, channels, convert, query.tolerance),
  }));
  return {
    hotelCode: property.code,
    checkIn: query.checkIn,
    checkOut: query.checkOut,
    adults: query.adults,
    children: query.children,
    currency: query.currency,
    tolerance: query.tolerance,
    observations,
  };
}

/** One collection judged: the cheapest direct rate, and the chosen channels' prices of that room and rate (also the parity watcher's judgment). */
export function judged(shop: ShopResult, channels: readonly ChannelType[], convert: Conversion, tolerance: number): Omit<ParityDate, 'date'> {
  const reference: ShoppedRate | undefined = [...shop.rates].sort(cheapestFirst)[0];
  if (!reference) return { direct: null, roomId: null, rateId: null, channels: [] };
  const direct = convert(reference.total);
  const prices = channels.flatMap((channel) => {
    const total = reference.channels[channel];
    return total === undefined ? [] : [{ channel, price: convert(total) }];
  });
  return { direct, roomId: reference.roomCode, rateId: reference.ratePlanCode, channels: judgeChannels({ direct, channels: prices }, tolerance) };
}
