import { ChannelType, minorUnits, roundHalfAwayFromZero } from '@hotelapi/domain';
import type { EpochDay } from '../../pricing/calendar.js';
import type { ChannelBehaviour, PricedRatePlan, SellingChannel } from '../catalog/sandbox-property.js';
import { DrawPurpose } from '../draw-purposes.js';
import { hashUnit } from '../random.js';

/** Agencies undercut by up to 8% or mark up by up to 12%; the chain's own reservation systems keep near parity. */
const OTA: ChannelBehaviour = { listsProperty: 0.75, sellsRatePlan: 0.85, offset: { min: -0.08, max: 0.12 } };
const CRS: ChannelBehaviour = { listsProperty: 0.9, sellsRatePlan: 0.95, offset: { min: -0.01, max: 0.01 } };


const CHANNELS: readonly SellingChannel[] = ChannelType.options.map((channel, index) => ({
  channel,
  index,
  behaviour: channel.startsWith('CRS') ? CRS : OTA,
}));

/**
 * The channels that sell a rate plan of the property, in `ChannelType` order: whether a channel
 * lists the property and sells the plan depends on nothing else, so it is drawn once, when the
 * property is generated. Member rates are never given to agencies: loyalty prices stay on the
 * chain's own systems.
 */
export function channelsSelling(seed: number, plan: { readonly kind: string }, ratePlanIndex: number): readonly SellingChannel[] {
  return CHANNELS.filter(
    ({ index, behaviour }) =>
      !(plan.kind === 'MEMBER' && behaviour === OTA) &&
      hashUnit(seed, DrawPurpose.channelListsProperty, index) < behaviour.listsProperty &&
      hashUnit(seed, DrawPurpose.channelSellsRatePlan, index, ratePlanIndex) < behaviour.sellsRatePlan,
  );
}

/** Each channel's offset from the direct total on one stay at one property, by channel index. */
export type StayChannelOffsets = readonly number[];

/**
 * A channel's offset is fixed per property and stay, so that all rates of a stay move together
 * on it: drawn once per stay, not once per rate.
 */
export function stayChannelOffsets(seed: number, checkIn: EpochDay, checkOut: EpochDay): StayChannelOffsets {
  return CHANNELS.map(({ index, behaviour: { offset } }) => offset.min + (offset.max - offset.min) * hashUnit(seed, DrawPurpose.channelOffset, index, checkIn, checkOut));
}

/** What each channel selling the rate plan asks for the room and rate, around the direct `total`. */
export function channelPrices(ratePlan: PricedRatePlan, offsets: StayChannelOffsets, total: number, currency: string): Partial<Record<ChannelType, number>> {
  const prices: Partial<Record<ChannelType, number>> = {};
  // What roundToMinorUnits does, with the currency's minor units looked up once for every channel.
  const digits = minorUnits(currency);
  for (const { channel, index } of ratePlan.channels) prices[channel] = roundHalfAwayFromZero(total * (1 + offsets[index]), digits);
  return prices;
}
