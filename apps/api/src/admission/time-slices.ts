import { setImmediate as nextLoopTurn } from 'node:timers/promises';

/** Longest run of synchronous work before the event loop gets a turn for I/O (health checks, other callers). */
const SLICE_MS = 4;

let sliceStart = performance.now();

/**
 * Cooperative yielding for long loops of small synchronous steps (a chain's 500 properties each
 * priced in a fraction of a millisecond): once the current slice has run `SLICE_MS`, wait for
 * the next event-loop turn, so sockets are read and cheap requests answered in between. Promise
 * chains alone never yield: p-limit and `await` only queue microtasks, which run before any I/O.
 */
export async function yieldWhenSliceSpent(): Promise<void> {
  if (performance.now() - sliceStart < SLICE_MS) return;
  await nextLoopTurn();
  sliceStart = performance.now();
}
