/** Longest run of synchronous work per event-loop turn before I/O (health checks, other callers) gets a go. */
const SLICE_MS = 4;

let sliceStart = performance.now();
let nextTurn: Promise<void> | undefined;

/**
 * Cooperative yielding for long loops of small synchronous steps (a chain's 500 properties each
 * priced in a fraction of a millisecond): once the current slice has run `SLICE_MS`, wait for
 * the next event-loop turn, so sockets are read and cheap requests answered in between. Promise
 * chains alone never yield: p-limit and `await` only queue microtasks, which run before any I/O.
 *
 * The slice is the process's, not the caller's: every waiter shares one next turn, and the slice
 * restarts once when it comes. (A slice per waiter would let a hundred concurrent tasks each run
 * their own 4 ms in the same turn.)
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
