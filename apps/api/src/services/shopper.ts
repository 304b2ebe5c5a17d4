import type { Property, ShoppedRate } from '@hotelapi/connectors';
import type { ChannelType, RateParity, ShopperChannel, ShopperQuery, ShopperRate, ShopperSummary, SupportedLanguage } from '@hotelapi/domain';
import { pickText, translator } from '@hotelapi/i18n';
import { ApiFailure } from '../failures/api-failure.js';
import type { ApiServices } from './context.js';
import { conversionInto, type Conversion } from './currency-conversion.js';
import { boardLabel, cancellationPolicyText, extraLabels } from './rate-plan-texts.js';
import type { ShopperAnswer } from './property-answers.js';
import { assertStayAllowed } from './stay-check.js';


/** Differences under half a percent are parity: channels round, and so do we. */
const PARITY_TOLERANCE_PERCENT = 0.5;

/**
 * Our direct price for a stay against the channels: the one function behind the REST shopper and
 * the MCP `shop_property_rate` tool.
 *
 * `rates` holds the cheapest rate when no `rateId` is asked for, else every room of that rate,
 * cheapest first; `lowestRate` marks the cheapest rate of the whole stay. `channels` are the
 * channel prices of the first rate listed (the reference rate), for the configured channels or
 * the one asked for; a channel that does not sell it is left out.
 *
 * The stay and the query are checked on every call; the answer itself is reused for a moment
 * (`services.recentAnswers`).
 */
export async function shopProperty(
  services: ApiServices,
  property: Property,
  query: ShopperQuery,
  language: SupportedLanguage,
): Promise<ShopperAnswer> {
  assertStayAllowed(services.stayPolicy, services.now(), [property.timeZone], query);
  if (query.rateId !== undefined && !property.ratePlans.some((plan) => plan.code === query.rateId)) {
    throw new ApiFailure('rate_not_found', `Property ${property.code} has no rate ${query.rateId}.`, { param: 'rateId' });
  }
  const channels = shoppedChannels(services, query.channel);
  const key = JSON.stringify([property.code, language, query]);
  return services.recentAnswers.shopper.answer(key, () => shop(services, property, query, language, channels));
}

async function shop(
  services: ApiServices,
  property: Property,
  query: ShopperQuery,
  language: SupportedLanguage,
  channels: readonly [ChannelType, string][],
): Promise<ShopperAnswer> {
  const convert = await conversionInto(services.connectors.exchangeRates, property.currency, query.currency);
  const shop = await services.connectors.rateShopper.shop(property.code, {
    checkIn: query.checkIn,
    checkOut: query.checkOut,
    adults: query.adults,
    children: query.children,
  });

  const cheapest = cheapestOf(shop.rates);
  const listed = query.rateId === undefined ? (cheapest ? [cheapest] : []) : shop.rates.filter((rate) => rate.ratePlanCode === query.rateId).sort(cheapestFirst);
  const t = translator(language);
  const rates = listed.map((rate) => describeRate(property, rate, rate === cheapest, convert, t, language));
  const reference = listed[0];
  const channelPrices = reference ? priceOnChannels(reference, channels, convert) : [];

  return {
    data: { currency: query.currency, channels: channelPrices, rates },
    summary: paritySummary(rates[0]?.price, channelPrices),
    collectedAt: shop.collectedAt,
  };
}

/** Each deployment's channels as listed, by its `channelNames`: they do not change while it runs. */
const configuredChannels = new WeakMap<ApiServices['channelNames'], readonly [ChannelType, string][]>();

/** The channels to show: the one asked for, else every channel this deployment names. */
export function shoppedChannels(services: ApiServices, asked: ChannelType | undefined): readonly [ChannelType, string][] {
  if (asked === undefined) {
    let configured = configuredChannels.get(services.channelNames);
    if (!configured) configuredChannels.set(services.channelNames, (configured = Object.entries(services.channelNames) as [ChannelType, string][]));
    return configured;
  }
  const name = services.channelNames[asked];
  if (name === undefined) throw new ApiFailure('channel_not_configured', `Channel ${asked} is not configured for this deployment.`, { param: 'channel' });
  return [[asked, name]];
}

/** The first of the rates in `cheapestFirst` order, without sorting them all. */
function cheapestOf(rates: readonly ShoppedRate[]): ShoppedRate | undefined {
  let cheapest: ShoppedRate | undefined;
  for (const rate of rates) if (cheapest === undefined || cheapestFirst(rate, cheapest) < 0) cheapest = rate;
  return cheapest;
}

/** Cheapest first; room then rate code break ties so the order never changes between calls. */
export function cheapestFirst(a: ShoppedRate, b: ShoppedRate): number {
  return a.total - b.total || a.roomCode.localeCompare(b.roomCode) || a.ratePlanCode.localeCompare(b.ratePlanCode);
}

function describeRate(
  property: Property,
  rate: ShoppedRate,
  lowestRate: boolean,
  convert: Conversion,
  t: ReturnType<typeof translator>,
  language: SupportedLanguage,
): ShopperRate {
  const room = property.rooms.find((candidate) => candidate.code === rate.roomCode);
  const plan = property.ratePlans.find((candidate) => candidate.code === rate.ratePlanCode);
  if (!room || !plan) throw new Error(`Rate shopper returned ${rate.roomCode}/${rate.ratePlanCode}, unknown to the catalog of ${property.code}`);
  return {
    price: convert(rate.total),
    roomId: room.code,
    rateId: plan.code,
    beRateId: [...plan.beRateIds],
    roomName: pickText(room.name, language),
    cancellationPolicy: cancellationPolicyText(t, plan.cancellation),
    board: boardLabel(t, plan.boardCode),
    extras: extraLabels(t, plan),
    partnerRate: plan.kind === 'PARTNER',
    lowestRate,
  };
}

function priceOnChannels(rate: ShoppedRate, channels: readonly [ChannelType, string][], convert: Conversion): ShopperChannel[] {
  const prices: ShopperChannel[] = [];
  const totals = rate.channels;
  for (const [channel, name] of channels) {
    const total = totals[channel];
    if (total !== undefined) prices.push({ source_id: channel, source_name: name, price: convert(total) });
  }
  return prices;
}

function paritySummary(directPrice: number | undefined, channels: readonly ShopperChannel[]): ShopperSummary {
  const cheapestChannel = channels.reduce<ShopperChannel | null>((best, channel) => (best && best.price <= channel.price ? best : channel), null);
  if (directPrice === undefined || directPrice === 0 || cheapestChannel === null) {
    return { directPrice: directPrice ?? null, cheapestChannel, parity: null, differencePercent: null };
  }
  const differencePercent = Math.round(((cheapestChannel.price - directPrice) / directPrice) * 1000) / 10;
  const parity: RateParity =
    Math.abs(differencePercent) < PARITY_TOLERANCE_PERCENT ? 'PARITY' : differencePercent > 0 ? 'DIRECT_CHEAPER' : 'CHANNEL_CHEAPER';
  return { directPrice, cheapestChannel, parity, differencePercent };
}
