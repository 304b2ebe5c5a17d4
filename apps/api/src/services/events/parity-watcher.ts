import type { NewEvent, ParityOutcome, StayUnderReview } from '@hotelapi/connectors';
import { addDays, type ParityStatus } from '@hotelapi/domain';
import pLimit from 'p-limit';
import { LOOKUPS_AT_ONCE } from '../availability/each-property.js';
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
export function parityJudge(services: ApiServices, tolerancesInUse: TolerancesInUse, onError: (error: unknown) => void = () => undefined) {
  return async (stays: readonly StayUnderReview[]): Promise<ParityOutcome> => {
    const tolerances = [...new Set(await tolerancesInUse())].sort((a, b) => a - b);
    const channels = shoppedChannels(services, undefined).map(([channel]) => channel);
    const judgeStay = async (stay: StayUnderReview): Promise<ParityOutcome> => {
      const states: ParityOutcome['states'][number][] = [];
      const events: NewEvent[] = [];
      // From the catalog, not the start-up directory: a property pushed since is watched too.
      const chain = (await services.connectors.catalog.getProperty(stay.property))?.chainCode;
      if (chain === undefined) return { states, events };
      const shop = await services.connectors.rateShopper.shop(stay.property, {
        checkIn: stay.arrival,
        checkOut: addDays(stay.arrival, stay.nights),
        adults: stay.adults,
        children: stay.children,
      });
      if (!shop.collectedAt) return { states, events };
      const known = new Map(stay.known.map((entry) => [`${entry.channel}|${entry.tolerance}`, entry.status]));
      const { property, arrival, nights, adults, children } = stay;
      for (const tolerance of tolerances) {
        const view = judged(shop, channels, (amount) => amount, tolerance);
        if (view.direct === null || view.roomId === null || view.rateId === null) continue;
        for (const { channel, price, status } of view.channels) {
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
      return { states, events };
    };
    const settled = await pLimit(LOOKUPS_AT_ONCE).map(stays, (stay) => judgeStay(stay).then((outcome) => ({ outcome }), (error: unknown) => ({ error })));
    const failed = settled.flatMap((result) => ('error' in result ? [result.error] : []));
    // All failed: the source is likely down; the whole review fails and its work stays pending. Some
    // failed: those stays keep their last status (the next change to them reviews them again), so one
    // stay that cannot be shopped never holds up the others.
    if (failed.length > 0 && failed.length === settled.length) throw failed[0];
    failed.forEach(onError);
    const outcomes = settled.flatMap((result) => ('outcome' in result ? [result.outcome] : []));
    return { states: outcomes.flatMap((outcome) => outcome.states), events: outcomes.flatMap((outcome) => outcome.events) };
  };
}
