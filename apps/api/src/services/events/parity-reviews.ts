import type { ApiServices } from '../context.js';
import { PARITY_REVIEW_BATCH, parityJudge } from './parity-watcher.js';
import type { TolerancesInUse } from './tolerances.js';

/** How often pending parity work is looked for without being woken: work left by a crash, or by an instance that stopped. */
const PARITY_POLL_MS = 5_000;

export interface ParityReviews {
  /** Reviews everything pending now; resolves when none is left (tests wait on it). */
  settle(): Promise<void>;
  stop(): void;
}

/**
 * Keeps parity reviewed: woken by every commit to the event log (a write with parity work always
 * appends events too) and by a slow poll, it reviews batches until none is pending. One review
 * runs at a time in this process; instances share the work through the ledger's claims.
 */
export function startParityReviews(
  services: ApiServices,
  tolerancesInUse: TolerancesInUse,
  onError: (error: unknown) => void,
): ParityReviews {
  const judge = parityJudge(services, tolerancesInUse, onError);
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const runAll = async () => {
    do {
      again = false;
      while (!stopped && (await services.connectors.parity.review(PARITY_REVIEW_BATCH, judge)) > 0);
    } while (again && !stopped);
  };
  const wake = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = runAll()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const stopListening = services.connectors.events.onAppended(() => void wake());
  const poll = setInterval(() => void wake(), PARITY_POLL_MS).unref();
  void wake();
  return {
    async settle() {
      await wake();
      // A wake during the run above asked for another round; it ran in the same promise.
    },
    stop() {
      stopped = true;
      stopListening();
      clearInterval(poll);
    },
  };
}
