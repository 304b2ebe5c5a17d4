import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers';

/** Longest run of synchronous work per event-loop turn before I/O (health checks, other callers) gets a go. */
const SLICE_MS = 4;

let sliceStart = performance.now();
/** Whether the immediate that starts the next turn's slice is queued. */
let turnMarked = false;

/**
 * Cooperative yielding for long loops of small synchronous steps (a chain's 500 properties each
 * priced in a fraction of a millisecond, by a sandbox connector or by the API's services): once
 * the current slice has run `SLICE_MS`, wait for a later event-loop turn, so sockets are read
 * and cheap requests answered in between. Promise chains alone never yield: p-limit and `await`
 * only queue microtasks, which run before any I/O.
 *
 * The slice is the process's, not the caller's: a slice per loop let each of a price calendar's
 * batches run its own 4 ms in the same turn. A turn's slice goes to the waiters in the order they
 * came, each woken by an immediate of its own: Node runs the microtasks of one (its step of work)
 * before the next immediate, which finds the slice spent and waits for the turn after. Woken all
 * at once, twenty chain answers ran a step each back to back while a health check waited. It
 * lives here, the lowest package whose code runs such loops, so that the connectors and the API
 * share one.
 */
export function yieldWhenSliceSpent(): Promise<void> | undefined {
  return sliceSpent() ? new Promise((resolve) => waitForSlice(resolve)) : undefined;
}

function sliceSpent(): boolean {
  return performance.now() - sliceStart >= SLICE_MS;
}

/** Wakes `resolve` in the next turn (an immediate queued now runs in the next), or the one after if the slice is spent by then. */
function waitForSlice(resolve: () => void): void {
  if (!turnMarked) {
    turnMarked = true;
    setImmediate(() => {
      turnMarked = false;
      sliceStart = performance.now();
    });
  }
  setImmediate(() => (sliceSpent() ? waitForSlice(resolve) : resolve()));
}
