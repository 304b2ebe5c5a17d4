import type { ChannelType } from '@hotelapi/domain';
import type { Occupancy, Stay } from './stay.js';

export interface ShopRequest extends Stay, Occupancy {}

/** One bookable room and rate for the stay: our direct price and what each channel sells it for. */
export interface ShoppedRate {
  readonly roomCode: string;
  readonly ratePlanCode: string;
  /** Direct price for the whole stay, in the result's currency. */
  readonly total: number;
  /** The same room and rate on each channel that sells it (a channel may be absent). */
  readonly channels: Readonly<Partial<Record<ChannelType, number>>>;
}

export interface ShopResult {
  /** ISO 4217: the property's own currency. */
  readonly currency: string;
  /**
   * When the channel prices were collected; null when no collection covers the stay and
   * occupancy, and then every rate's `channels` is empty: direct prices only, nothing invented.
   */
  readonly collectedAt: Date | null;
  readonly rates: readonly ShoppedRate[];
}

/** A collection kept in a stay's history: its channel prices were collected at a known time. */
export interface RecordedShop extends ShopResult {
  readonly collectedAt: Date;
}

/** A stay's recorded collections from `since` on. */
export interface ShopHistoryRequest extends ShopRequest {
  readonly since?: Date;
}

/** Port: our direct price against the channels for one property and stay. */
export interface RateShopper {
  /** The latest collection for the stay. */
  shop(propertyCode: string, request: ShopRequest): Promise<ShopResult>;
  /**
   * Every collection recorded for the stay (collected at or after `since`, when given), oldest
   * first, each as `shop` would have answered at its `collectedAt`. Empty when nothing was kept.
   */
  shopHistory(propertyCode: string, request: ShopHistoryRequest): Promise<readonly RecordedShop[]>;
}
