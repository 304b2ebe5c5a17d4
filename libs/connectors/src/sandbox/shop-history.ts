import { roundToMinorUnits, type ChannelType } from '@hotelapi/domain';
import type { RecordedShop, ShoppedRate, ShopResult } from '../ports/rate-shopper.js';
import type { SandboxProperty } from './catalog/sandbox-property.js';
import { DrawPurpose } from './draw-purposes.js';
import { hashUnit } from './random.js';

/** How many daily collections the sandbox has kept for any stay: the last 30 days. */
export const HISTORY_DAYS = 30;
/** Collections happen daily at 06:00 UTC, as a nightly shopping run would land them. */
const COLLECTION_HOUR_UTC = 6;
const MS_PER_DAY = 86_400_000;
/** How far a past collection's prices lie from today's: direct ±3 %, each channel a further ±5 %. */
const DIRECT_DRIFT = 0.03;
const CHANNEL_DRIFT = 0.05;

/**
 * The sandbox's recorded history of a stay: one collection a day for the last 30 days, derived
 * deterministically from today's shop (`latest`) by a drift hashed per day and channel, so that
 * statuses move over time the way real channel prices do. Collections after `now` do not exist.
 */
export function shopHistory(sandbox: SandboxProperty, latest: ShopResult, stayKey: number, now: Date, since?: Date): RecordedShop[] {
  const today = Math.floor(now.getTime() / MS_PER_DAY);
  const history: RecordedShop[] = [];
  for (let day = today - HISTORY_DAYS + 1; day <= today; day++) {
    const collectedAt = new Date(day * MS_PER_DAY + COLLECTION_HOUR_UTC * 3_600_000);
    if (collectedAt > now || (since && collectedAt < since)) continue;
    const direct = 1 + DIRECT_DRIFT * (2 * hashUnit(sandbox.seed, DrawPurpose.historyDrift, stayKey, day) - 1);
    const rates = latest.rates.map((rate) => driftedRate(sandbox, rate, stayKey, day, direct));
    history.push({ currency: latest.currency, collectedAt, rates });
  }
  return history;
}

function driftedRate(sandbox: SandboxProperty, rate: ShoppedRate, stayKey: number, day: number, direct: number): ShoppedRate {
  const currency = sandbox.property.currency;
  const channels: Partial<Record<ChannelType, number>> = {};
  for (const [channel, price] of Object.entries(rate.channels) as [ChannelType, number][]) {
    const drift = 1 + CHANNEL_DRIFT * (2 * hashUnit(sandbox.seed, DrawPurpose.historyDrift, stayKey, day, channel.charCodeAt(0) * 100 + Number(channel.slice(-2))) - 1);
    channels[channel] = roundToMinorUnits(price * direct * drift, currency);
  }
  return { ...rate, total: roundToMinorUnits(rate.total * direct, currency), channels };
}
