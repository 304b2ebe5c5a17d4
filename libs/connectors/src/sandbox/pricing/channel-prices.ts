import { ChannelType, roundToMinorUnits } from '@hotelapi/domain';
import type { EpochDay } from '../../pricing/calendar.js';
import type { PricedRatePlan, SandboxProperty } from '../catalog/sandbox-property.js';
import { DrawPurpose } from '../draw-purposes.js';
import { hashUnit } from '../random.js';

/** How a kind of channel prices against our direct rate, and how widely it distributes. */
interface ChannelBehaviour {
  /** Chance the channel lists a given property at all. */
  readonly listsProperty: number;
  /** Chance it sells a given rate plan of a property it lists. */
  readonly sellsRatePlan: number;
  /** Its price for a stay is the direct total times 1 + an offset drawn in [min, max). */
  readonly offset: { readonly min: number; readonly max: number };
}

/** Agencies undercut by up to 8% or mark up by up to 12%; the chain's own reservation systems keep near parity. */
const OTA: ChannelBehaviour = { listsProperty: 0.75, sellsRatePlan: 0.85, offset: { min: -0.08, max: 0.12 } };
const CRS: ChannelBehaviour = { listsProperty: 0.9, sellsRatePlan: 0.95, offset: { min: -0.01, max: 0.01 } };

const CHANNELS = ChannelType.options.map((channel, index) => ({
  channel,
  index,
  behaviour: channel.startsWith('CRS') ? CRS : OTA,
}));

/**
 * What each channel sells the room and rate for, around the direct `total`. A channel's offset
 * is fixed per property and stay, so all rates of a stay move together on it. Member rates are
 * never given to agencies: loyalty prices stay on the chain's own systems.
 */
export function channelPrices(
  sandbox: SandboxProperty,
  ratePlan: PricedRatePlan,
  checkIn: EpochDay,
  checkOut: EpochDay,
  total: number,
): Partial<Record<ChannelType, number>> {
  const prices: Partial<Record<ChannelType, number>> = {};
  for (const { channel, index, behaviour } of CHANNELS) {
    if (ratePlan.plan.kind === 'MEMBER' && behaviour === OTA) continue;
    if (hashUnit(sandbox.seed, DrawPurpose.channelListsProperty, index) >= behaviour.listsProperty) continue;
    if (hashUnit(sandbox.seed, DrawPurpose.channelSellsRatePlan, index, ratePlan.index) >= behaviour.sellsRatePlan) continue;
    const { min, max } = behaviour.offset;
    const offset = min + (max - min) * hashUnit(sandbox.seed, DrawPurpose.channelOffset, index, checkIn, checkOut);
    prices[channel] = roundToMinorUnits(total * (1 + offset), sandbox.property.currency);
  }
  return prices;
}
