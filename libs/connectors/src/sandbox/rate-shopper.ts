import type { ChannelType } from '@hotelapi/domain';
import type { RateShopper, RecordedShop, ShoppedRate, ShopHistoryRequest, ShopRequest, ShopResult } from '../ports/rate-shopper.js';
import type { SandboxDataset } from './dataset.js';
import type { PricedRatePlan, SandboxProperty } from './catalog/sandbox-property.js';
import { DrawPurpose } from './draw-purposes.js';
import { channelPrices, stayChannelOffsets, type StayChannelOffsets } from './pricing/channel-prices.js';
import { parseIsoDate, type EpochDay } from '../pricing/calendar.js';
import { forEachBookable, stayFor } from '../pricing/quote-stay.js';
import { hashUnit } from './random.js';
import { shopHistory } from './shop-history.js';
import { shopKey } from './pushed-data.js';
import type { RecordOf } from '@hotelapi/domain';

const MS_PER_MINUTE = 60_000;

/** The rate-shopper port: every bookable room and rate with our direct price and each channel's. */
export class SandboxRateShopper implements RateShopper {
  constructor(
    private readonly dataset: SandboxDataset,
    private readonly now: () => Date,
  ) {}

  /**
   * The bookable rates are priced on every call and nothing is kept: the caller keeps its answer
   * if it reuses it, and a shopped stay is mostly never asked again. Only the totals are worked
   * out, not the full quotes an availability answer shows.
   */
  async shop(propertyCode: string, request: ShopRequest): Promise<ShopResult> {
    const sandbox = this.dataset.requireProperty(propertyCode);
    const checkIn = parseIsoDate(request.checkIn);
    const checkOut = parseIsoDate(request.checkOut);
    const rates = Object.freeze(this.shoppedRates(sandbox, request, checkIn, checkOut));
    const generated: ShopResult = { currency: sandbox.property.currency, collectedAt: collectedAt(sandbox, checkIn, checkOut, this.now()), rates };
    // A collection pushed later than the generated one is the latest.
    const pushed = this.pushedShops(propertyCode, request).at(-1);
    return pushed && generated.collectedAt && Date.parse(pushed.collectedAt) > generated.collectedAt.getTime() ? asCollected(generated, pushed) : generated;
  }

  async shopHistory(propertyCode: string, request: ShopHistoryRequest): Promise<readonly RecordedShop[]> {
    const latest = await this.shop(propertyCode, request);
    const sandbox = this.dataset.requireProperty(propertyCode);
    const checkIn = parseIsoDate(request.checkIn);
    const stayKey = checkIn * 64 + (parseIsoDate(request.checkOut) - checkIn);
    const now = this.now();
    const pushed = this.pushedShops(propertyCode, request)
      .filter((shop) => Date.parse(shop.collectedAt) <= now.getTime() && (!request.since || Date.parse(shop.collectedAt) >= request.since.getTime()))
      .map((shop) => asCollected(latest, shop));
    const history = shopHistory(sandbox, latest, stayKey, now, request.since);
    return pushed.length === 0 ? history : [...history, ...pushed].sort((a, b) => a.collectedAt.getTime() - b.collectedAt.getTime());
  }

  /** Every bookable room and rate of the stay, as the booking engine quotes it, with what each channel sells it for. */
  private shoppedRates(sandbox: SandboxProperty, request: ShopRequest, checkIn: EpochDay, checkOut: EpochDay): ShoppedRate[] {
    const rates: ShoppedRate[] = [];
    const stay = new ShoppedStay(sandbox, checkIn, checkOut);
    forEachBookable(stayFor(sandbox, this.dataset.calendarOf(sandbox), request, this.now()), (room, planIndex, total) => {
      rates.push(new SandboxShoppedRate(room.room.code, sandbox.ratePlans[planIndex], total, stay));
    });
    return rates;
  }

  /** Channel collections pushed for exactly this stay and party (`POST /v1/data`), oldest first. */
  private pushedShops(propertyCode: string, request: ShopRequest): readonly RecordOf<'channelShop'>[] {
    const nights = parseIsoDate(request.checkOut) - parseIsoDate(request.checkIn);
    return this.dataset.pushes.shopsFor(propertyCode, shopKey(request.checkIn, nights, request.adults, request.children));
  }
}

/** What every rate of one shopped stay prices its channels from: the channels' offsets drawn once, when first needed. */
class ShoppedStay {
  #offsets: StayChannelOffsets | undefined;

  constructor(
    readonly sandbox: SandboxProperty,
    private readonly checkIn: EpochDay,
    private readonly checkOut: EpochDay,
  ) {}

  get offsets(): StayChannelOffsets {
    return (this.#offsets ??= stayChannelOffsets(this.sandbox.seed, this.checkIn, this.checkOut));
  }
}

/**
 * A bookable room and rate of a shopped stay. Its channel prices are worked out when first read
 * (`channels` is a getter, so a copy must name it, as `asCollected` does): a shopper compares
 * the totals of every rate of a stay and shows the channels of one.
 */
class SandboxShoppedRate implements ShoppedRate {
  readonly roomCode: string;
  readonly ratePlanCode: string;
  readonly total: number;
  readonly #ratePlan: PricedRatePlan;
  readonly #stay: ShoppedStay;
  #channels: Partial<Record<ChannelType, number>> | undefined;

  constructor(roomCode: string, ratePlan: PricedRatePlan, total: number, stay: ShoppedStay) {
    this.roomCode = roomCode;
    this.ratePlanCode = ratePlan.plan.code;
    this.total = total;
    this.#ratePlan = ratePlan;
    this.#stay = stay;
  }

  get channels(): Readonly<Partial<Record<ChannelType, number>>> {
    return (this.#channels ??= channelPrices(this.#ratePlan, this.#stay.offsets, this.total, this.#stay.sandbox.property.currency));
  }
}

/**
 * Today's direct rates with a pushed collection's channel prices, as PostgreSQL answers a stored
 * collection: a rate the collection does not list has no channel prices.
 */
function asCollected(latest: ShopResult, shop: RecordOf<'channelShop'>): RecordedShop {
  const rates = latest.rates.map((rate): ShoppedRate => {
    const channels: Partial<Record<ChannelType, number>> = {};
    for (const price of shop.prices) if (price.room === rate.roomCode && price.ratePlan === rate.ratePlanCode) channels[price.channel] = price.price;
    return { ...rate, channels };
  });
  return { currency: latest.currency, collectedAt: new Date(shop.collectedAt), rates };
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
