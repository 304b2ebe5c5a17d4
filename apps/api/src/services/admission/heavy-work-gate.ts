import pLimit from 'p-limit';
import { serviceOverloaded } from '../../failures/operational-errors.js';

export interface HeavyWorkSettings {
  /** Heavy jobs run at once on this instance. */
  readonly concurrency: number;
  /** Jobs that may wait for a slot; one more is refused with 503 and Retry-After. */
  readonly queue: number;
  /** Longest a job may wait for a slot; past it, its request gets the 503 and the job never runs. */
  readonly maxWaitMs: number;
}

export interface HeavyWorkGate {
  /** Runs `job` when a slot is free; throws the 503 `service_overloaded` when the queue is full or the wait too long. */
  run<T>(job: () => Promise<T>): Promise<T>;
  readonly running: () => number;
  readonly waiting: () => number;
}

/**
 * Admission for CPU-heavy work (chain-wide availability): a few jobs at a time, a bounded queue,
 * and an early 503 beyond it. Running jobs one or two at a time, each yielding between slices,
 * keeps every event-loop turn short; running them all at once would only make each one, and
 * every cheap request behind it, wait longer, and hold all their memory at the same time.
 *
 * The wait is bounded too. A request's data-source deadline runs while it waits, so a job that
 * started after most of it had gone would find no time left for its properties, and answer "no
 * property could be read" for what is in truth an overloaded instance.
 */
export function heavyWorkGate({ concurrency, queue, maxWaitMs }: HeavyWorkSettings, onRefused: () => void = () => undefined): HeavyWorkGate {
  const limit = pLimit(concurrency);
  const refuse = (reason: string) => {
    onRefused();
    return serviceOverloaded(reason);
  };
  return {
    run<T>(job: () => Promise<T>) {
      if (limit.activeCount >= concurrency && limit.pendingCount >= queue) return Promise.reject(refuse('too many chain requests queued'));
      return new Promise<T>((resolve, reject) => {
        let gaveUp = false;
        const timer = setTimeout(() => {
          gaveUp = true;
          reject(refuse('chain requests waited too long for their turn'));
        }, maxWaitMs);
        // A job whose request already had its 503 passes its turn on at once.
        void limit(async () => {
          clearTimeout(timer);
          if (gaveUp) return;
          try {
            resolve(await job());
          } catch (error) {
            reject(error);
          }
        });
      });
    },
    running: () => limit.activeCount,
    waiting: () => limit.pendingCount,
  };
}
