import type { NumberedRecord } from '@hotelapi/connectors';
import { addDays, roundToMinorUnits, todayInTimeZone, type ChannelType, type DataRecord } from '@hotelapi/domain';
import type { ApiServices } from '../context.js';

/** Arrival dates collected each round: the coming two weeks. */
const DAYS_AHEAD = 14;
/** How far a channel's price moves per collection, at most, in percent of the direct price. */
const STEP_PERCENT = 2;
/** How far a channel's price may stray from the direct price, in percent. */
const BAND_PERCENT = 6;

type Random = () => number;

/**
 * The sandbox's rate shopper: a round of fresh channel collections for the first property of
 * each chain, the coming two weeks, two adults for one night. Each channel's price walks a small
 * step from its last collection, within a band around the direct price, so stays cross the
 * tolerance now and then and parity events happen by themselves. Written through the same writer
 * as pushes (channelShop records), so the same change rules and parity reviews apply.
 */
export async function collectSandboxPrices(services: Pick<ApiServices, 'connectors' | 'directory' | 'now'>, random: Random = Math.random): Promise<number> {
  const write = services.connectors.writeRecords;
  if (!write) return 0;
  const now = services.now();
  const records: NumberedRecord[] = [];
  const firstOfChain = new Map<string, string>();
  for (const property of services.directory.propertyCodes) {
    const chain = services.directory.chainOf(property);
    if (chain !== undefined && !firstOfChain.has(chain)) firstOfChain.set(chain, property);
  }
  for (const code of firstOfChain.values()) {
    const property = await services.connectors.catalog.getProperty(code);
    if (!property) continue;
    const today = todayInTimeZone(property.timeZone, now);
    for (let day = 1; day <= DAYS_AHEAD; day++) {
      const arrival = addDays(today, day);
      const stay = { checkIn: arrival, checkOut: addDays(arrival, 1), adults: 2, children: 0 };
      const shop = await services.connectors.rateShopper.shop(code, stay);
      const prices = shop.rates.flatMap((rate) =>
        (Object.entries(rate.channels) as [ChannelType, number][]).map(([channel, last]) => ({
          room: rate.roomCode,
          ratePlan: rate.ratePlanCode,
          channel,
          price: roundToMinorUnits(walked(rate.total, last, random), shop.currency),
        })),
      );
      if (prices.length === 0) continue;
      const record: DataRecord = { type: 'channelShop', property: code, arrival, nights: 1, adults: 2, children: 0, collectedAt: now.toISOString(), prices };
      records.push({ line: records.length + 1, record });
    }
  }
  if (records.length > 0) await write(records);
  return records.length;
}

/** A channel's next price: a small random step from its last, kept within the band around the direct price. */
function walked(direct: number, last: number, random: Random): number {
  const offset = ((last - direct) / direct) * 100 + (2 * random() - 1) * STEP_PERCENT;
  const kept = Math.max(-BAND_PERCENT, Math.min(BAND_PERCENT, offset));
  return direct * (1 + kept / 100);
}
