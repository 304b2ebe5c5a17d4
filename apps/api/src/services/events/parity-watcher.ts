import type { NewEvent, ParityOutcome, StayUnderReview, WatchedStay } from '@hotelapi/connectors';
import { addDays, type ParityStatus } from '@hotelapi/domain';
import type { ApiServices } from '../context.js';
import { judged } from '../parity.js';
import { shoppedChannels } from '../shopper.js';
import type { TolerancesInUse } from './tolerances.js';

/** Checks one review claims at once: a push of a season's collections is reviewed in several. */
export const PARITY_REVIEW_BATCH = 200;

const breached = (status: ParityStatus | undefined) => status === 'LOSE';

/**
 * Reviews the stays a change named, exactly as `GET /v1/parity` judges a date (`judged`: the
 * lowest direct rate against the channels' prices of that room and rate, by the domain's
 * `parityStatus`), within every tolerance in use; a change of state against the last one known
 * is one `parity.breach` or `parity.restored`. A stay never judged counts as not breached.
 */
export function parityJudge(services: Pick<ApiServices, 'connectors' | 'channelNames'>, tolerancesInUse: TolerancesInUse) {
  return async (stays: readonly StayUnderReview[]): Promise<ParityOutcome> => {
    const tolerances = [...new Set(await tolerancesInUse())].sort((a, b) => a - b);
    const channels = shoppedChannels(services as ApiServices, undefined).map(([channel]) => channel);
    const states: (WatchedStay & { channel: (typeof channels)[number]; tolerance: number; status: ParityStatus })[] = [];
    const events: NewEvent[] = [];
    for (const stay of stays) {
      // From the catalog, not the start-up directory: a property pushed since is watched too.
      const chain = (await services.connectors.catalog.getProperty(stay.property))?.chainCode;
      if (chain === undefined) continue;
      const shop = await services.connectors.rateShopper.shop(stay.property, {
        checkIn: stay.arrival,
        checkOut: addDays(stay.arrival, stay.nights),
        adults: stay.adults,
        children: stay.children,
      });
      if (!shop.collectedAt) continue;
      const known = new Map(stay.known.map((entry) => [`${entry.channel}|${entry.tolerance}`, entry.status]));
      for (const tolerance of tolerances) {
        const view = judged(shop, channels, (amount) => amount, tolerance);
        if (view.direct === null || view.roomId === null || view.rateId === null) continue;
        for (const { channel, price, status } of view.channels) {
          const { property, arrival, nights, adults, children } = stay;
          states.push({ property, arrival, nights, adults, children, channel, tolerance, status });
          const before = known.get(`${channel}|${tolerance}`);
          if (breached(status) === breached(before)) continue;
          events.push({
            type: breached(status) ? 'parity.breach' : 'parity.restored',
            data: {
              chain,
              property,
              arrival,
              nights,
              adults,
              children,
              channel,
              roomId: view.roomId,
              rateId: view.rateId,
              currency: shop.currency,
              direct: view.direct,
              channelPrice: price,
              undercutPercent: Math.round(((view.direct - price) / view.direct) * 10_000) / 100,
              tolerance,
              status,
              collectedAt: shop.collectedAt.toISOString(),
            },
          });
        }
      }
    }
    return { states, events };
  };
}
