import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers';

/** Longest run of synchronous work per event-loop turn before I/O (health checks, other callers) gets a go. */
const SLICE_MS = 4;

let sliceStart = performance.now();
let nextTurn: Promise<void> | undefined;

/**
 * Cooperative yielding for long loops of small synchronous steps (a chain's 500 properties each
 * priced in a fraction of a millisecond, by a sandbox connector or by the API's services): once
 * the current slice has run `SLICE_MS`, wait for the next event-loop turn, so sockets are read
 * and cheap requests answered in between. Promise chains alone never yield: p-limit and `await`
 * only queue microtasks, which run before any I/O.
 *
 * The slice is the process's, not the caller's: every waiter shares one next turn, and the slice
 * restarts once when it comes. A slice per loop let each of a price calendar's batches run its
 * own 4 ms in the same turn, and each calendar running at once as many again. It lives here, the
 * lowest package whose code runs such loops, so that the connectors and the API share one.
 */
export function yieldWhenSliceSpent(): Promise<void> | undefined {
  if (performance.now() - sliceStart < SLICE_MS) return undefined;
  nextTurn ??= new Promise((resolve) =>
    setImmediate(() => {
      nextTurn = undefined;
      sliceStart = performance.now();
      resolve();
    }),
  );
  return nextTurn;
}
