import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_SCHEDULE, retryDelaySeconds } from './retry-schedule.js';

/** Seconds from the first attempt to each retry, every delay drawn with `jitter`. */
function retryTimes(jitter: number): number[] {
  const times: number[] = [];
  let at = 0;
  for (let retry = 1; retry <= DEFAULT_RETRY_SCHEDULE.retries; retry++) times.push((at += retryDelaySeconds(DEFAULT_RETRY_SCHEDULE, retry, jitter)));
  return times;
}

describe('the default retry schedule', () => {
  it('starts 15–30 s after a failure, doubles, and waits at most an hour between attempts', () => {
    expect(retryDelaySeconds(DEFAULT_RETRY_SCHEDULE, 1, 0)).toBe(15);
    expect(retryDelaySeconds(DEFAULT_RETRY_SCHEDULE, 1, 0.999)).toBeCloseTo(30, 0);
    expect(retryDelaySeconds(DEFAULT_RETRY_SCHEDULE, 2, 0)).toBe(30);
    expect(retryDelaySeconds(DEFAULT_RETRY_SCHEDULE, 20, 0.5)).toBe(3_600);
  });

  it('keeps trying for at least 24 hours, however the jitter falls', () => {
    expect(retryTimes(0).at(-1)).toBeGreaterThanOrEqual(24 * 3_600);
  });

  it('outlasts a receiver down for two minutes by a wide margin, and tries again within four minutes of the first failure', () => {
    for (const jitter of [0, 0.5, 0.999]) {
      const times = retryTimes(jitter);
      const afterOutage = times.findIndex((at) => at >= 120);
      // The attempt that finds the receiver up again is an early retry, not one of the last.
      expect(afterOutage).toBeGreaterThanOrEqual(0);
      expect(afterOutage + 1).toBeLessThanOrEqual(4);
      expect(times[afterOutage]).toBeLessThanOrEqual(240);
    }
  });
});
