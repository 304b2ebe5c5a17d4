import { tooManyConcurrentRequests } from '../../failures/operational-errors.js';

/** Takes one of a caller's heavy-work places; the function it returns gives it back. */
export type HoldPlace = (caller: string) => () => void;

/**
 * Per-caller concurrency caps on heavy work: a caller (the edge names it: the rate-limit budget of
 * a REST request, the key id of an MCP message) may have at most `perCaller` heavy jobs running
 * or queued; one more is refused at once with 429 `too_many_concurrent_requests` and
 * `Retry-After: 1`. A rate limit counts requests per window; this counts what is running, which
 * is what a client firing hundreds of chain searches at once (or one batch of many) costs.
 *
 * Throws synchronously, so a refused job never enters a shared answer's place.
 */
export function callerCaps(perCaller: number, onRefused: () => void = () => undefined): HoldPlace {
  const running = new Map<string, number>();
  return (caller) => {
    const count = running.get(caller) ?? 0;
    if (count >= perCaller) {
      onRefused();
      throw tooManyConcurrentRequests(perCaller);
    }
    running.set(caller, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (running.get(caller) ?? 1) - 1;
      if (left > 0) running.set(caller, left);
      else running.delete(caller);
    };
  };
}
