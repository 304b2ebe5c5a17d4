import type { RoomRateAvailability } from '../ports/booking-engine.js';
import type { RateShopper, RecordedShop, ShoppedRate, ShopHistoryRequest, ShopRequest, ShopResult } from '../ports/rate-shopper.js';
import type { SandboxDataset } from './dataset.js';
import type { SandboxProperty } from './catalog/sandbox-property.js';
import { DrawPurpose } from './draw-purposes.js';
import { channelPrices, stayChannelOffsets } from './pricing/channel-prices.js';
import { StayQuotes } from './pricing/stay-quotes.js';
import { parseIsoDate, type EpochDay } from '../pricing/calendar.js';
import { hashUnit } from './random.js';
import { shopHistory } from './shop-history.js';

const MS_PER_MINUTE = 60_000;

/** The rate-shopper port: every bookable room and rate with our direct price and each channel's. */
export class SandboxRateShopper implements RateShopper {
  constructor(
    private readonly dataset: SandboxDataset,
    private readonly now: () => Date,
    private readonly stayQuotes = new StayQuotes(dataset, now),
  ) {}

  /**
   * The channels' prices are worked out on every call, not kept with the quotes: they cost a
   * rounding per channel and rate, and kept, they would hold on to a dozen prices for every rate
   * of every stay kept, for requests that are mostly never repeated.
   */
  async shop(propertyCode: string, request: ShopRequest): Promise<ShopResult> {
    const sandbox = this.dataset.requireProperty(propertyCode);
    const checkIn = parseIsoDate(request.checkIn);
    const checkOut = parseIsoDate(request.checkOut);
    const rates = Object.freeze(shoppedRates(sandbox, this.stayQuotes.quotes(propertyCode, request), checkIn, checkOut));
    return { currency: sandbox.property.currency, collectedAt: collectedAt(sandbox, checkIn, checkOut, this.now()), rates };
  }

  async shopHistory(propertyCode: string, request: ShopHistoryRequest): Promise<readonly RecordedShop[]> {
    const latest = await this.shop(propertyCode, request);
    const sandbox = this.dataset.requireProperty(propertyCode);
    const checkIn = parseIsoDate(request.checkIn);
    const stayKey = checkIn * 64 + (parseIsoDate(request.checkOut) - checkIn);
    return shopHistory(sandbox, latest, stayKey, this.now(), request.since);
  }
}

/** Every bookable room and rate of the quotes, with what each channel sells it for. */
function shoppedRates(sandbox: SandboxProperty, quotes: readonly RoomRateAvailability[], checkIn: EpochDay, checkOut: EpochDay): ShoppedRate[] {
  const rates: ShoppedRate[] = [];
  const offsets = stayChannelOffsets(sandbox.seed, checkIn, checkOut);
  const currency = sandbox.property.currency;
  for (const quote of quotes) {
    if (quote.status !== 'AVL') continue;
    const ratePlan = sandbox.ratePlans.find(({ plan }) => plan.code === quote.ratePlanCode);
    if (!ratePlan) continue;
    rates.push({
      roomCode: quote.roomCode,
      ratePlanCode: quote.ratePlanCode,
      total: quote.total,
      channels: channelPrices(ratePlan, offsets, quote.total, currency),
    });
  }
  return rates;
}

/**
 * When the channel prices were "collected": 5 to 55 minutes before now, fixed per property and
 * stay and truncated to the minute, as a shopper polling the channels would report it.
 */
function collectedAt(sandbox: SandboxProperty, checkIn: number, checkOut: number, now: Date): Date {
  const minutesAgo = 5 + Math.floor(51 * hashUnit(sandbox.seed, DrawPurpose.collectionDelay, checkIn, checkOut));
  const instant = now.getTime() - minutesAgo * MS_PER_MINUTE;
  return new Date(Math.floor(instant / MS_PER_MINUTE) * MS_PER_MINUTE);
}
