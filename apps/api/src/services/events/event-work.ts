import type { FollowedEvents } from '@hotelapi/connectors';
import type { LoggedEventType } from '@hotelapi/domain';
import { addsToDirectory } from '../data-push.js';
import type { ApiServices } from '../context.js';
import { startParityReviews, type ParityReviews } from './parity-reviews.js';
import type { TolerancesInUse } from './tolerances.js';
import { collectSandboxPrices } from './sandbox-shopper.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface EventWorkSettings {
  readonly retentionDays: number;
  /** Seconds between the sandbox shopper's rounds; 0, none (and always none outside the sandbox). */
  readonly sandboxShopperSeconds: number;
  readonly tolerancesInUse: TolerancesInUse;
  /** Told of the events committed to the log, by any instance, by type (metrics). */
  readonly onEvent?: (type: LoggedEventType, count: number) => void;
  readonly onError: (error: unknown, what: string) => void;
}

export interface EventWork {
  readonly parity: ParityReviews;
  /** One round of the sandbox shopper now (tests; `npm start` runs them on a timer), with `random` drawing the moves. */
  collectSandboxPrices(random?: () => number): Promise<number>;
  stop(): void;
}

/**
 * What keeps the events coming and bounded, started with the app and stopped at close: parity
 * reviews, the retention's pruning (hourly), the metrics' count of events by type, and in the
 * sandbox, the shopper's rounds.
 */
export function startEventWork(services: ApiServices, settings: EventWorkSettings): EventWork {
  const log = services.connectors.events;
  const parity = startParityReviews(services, settings.tolerancesInUse, (error) => settings.onError(error, 'parity review'));

  const prune = async () => {
    const now = services.now().getTime();
    await log.prune(new Date(now - settings.retentionDays * DAY_MS));
    // A stay is judged while it can be sold: two days' slack for time zones ahead of UTC.
    await services.connectors.parity.forgetBefore(new Date(now - 2 * DAY_MS).toISOString().slice(0, 10));
  };
  const pruning = setInterval(() => void prune().catch((error) => settings.onError(error, 'event retention')), HOUR_MS).unref();
  void prune().catch((error) => settings.onError(error, 'event retention'));

  const stopFollowing = followEvents(
    services,
    ({ counts, events }) => {
      for (const [type, count] of Object.entries(counts)) settings.onEvent?.(type as LoggedEventType, count);
      // A load or another instance's push added properties or chains: authorization must know them.
      if (events.some((event) => event.type === 'data.loaded' && addsToDirectory(event.data.counts))) {
        void services.directory.refresh().catch((error) => settings.onError(error, 'property directory'));
      }
    },
    (error) => settings.onError(error, 'event follower'),
  );

  const collect = (random?: () => number) => collectSandboxPrices(services, random);
  const shopping =
    settings.sandboxShopperSeconds > 0 && !log.durable
      ? setInterval(() => void collect().catch((error) => settings.onError(error, 'sandbox shopper')), settings.sandboxShopperSeconds * 1_000).unref()
      : undefined;

  return {
    parity,
    collectSandboxPrices: collect,
    stop() {
      parity.stop();
      clearInterval(pruning);
      clearInterval(shopping);
      stopFollowing();
    },
  };
}

/**
 * Follows the log from its newest event, telling what was committed after, by any instance: the
 * count of each type, and the whole `data.loaded` events (the calendar changes' payloads are not read).
 */
function followEvents(services: ApiServices, onEvents: (followed: FollowedEvents) => void, onError: (error: unknown) => void): () => void {
  const log = services.connectors.events;
  let position: Promise<number> = log.newest();
  const follow = () => {
    position = position.then(async (after) => {
      for (;;) {
        const followed = await log.follow({ after, limit: 1_000, whole: ['data.loaded'] });
        onEvents(followed);
        after = followed.last;
        if (followed.read < 1_000) return after;
      }
    });
    position.catch((error: unknown) => {
      onError(error);
      position = log.newest();
    });
  };
  return log.onAppended(follow);
}
