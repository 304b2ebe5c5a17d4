import pLimit from 'p-limit';
import { serviceOverloaded } from '../http/errors/operational-errors.js';

export interface HeavyWorkSettings {
  /** Heavy jobs run at once on this instance. */
  readonly concurrency: number;
  /** Jobs that may wait for a slot; one more is refused with 503 and Retry-After. */
  readonly queue: number;
}

export interface HeavyWorkGate {
  /** Runs `job` when a slot is free; throws the 503 `service_overloaded` at once when the queue is full. */
  run<T>(job: () => Promise<T>): Promise<T>;
  readonly running: () => number;
  readonly waiting: () => number;
}

/**
 * Admission for CPU-heavy work (chain-wide availability): a few jobs at a time, a bounded queue,
 * and an early 503 beyond it. Running jobs one or two at a time, each yielding between slices,
 * keeps every event-loop turn short; running them all at once would only make each one, and
 * every cheap request behind it, wait longer, and hold all their memory at the same time.
 */
export function heavyWorkGate({ concurrency, queue }: HeavyWorkSettings, onRefused: () => void = () => undefined): HeavyWorkGate {
  const limit = pLimit(concurrency);
  return {
    run(job) {
      if (limit.activeCount >= concurrency && limit.pendingCount >= queue) {
        onRefused();
        return Promise.reject(serviceOverloaded('too many chain requests queued'));
      }
      return limit(job);
    },
    running: () => limit.activeCount,
    waiting: () => limit.pendingCount,
  };
}
