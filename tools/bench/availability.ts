import { expectOk, LoadClient, median, type BenchRequest } from './load.js';
import { dayFromToday, formatMs, type Scenario } from './scenario.js';

const TARGET_P50_MS = 25;

/**
 * MEGA (500 properties) chain availability, one request at a time, each for a stay never asked
 * before in this run (fresh: nothing the service may have kept for an earlier stay applies).
 */
export function megaFreshStays(count: number, firstCheckInDays: number): BenchRequest[] {
  return Array.from({ length: count }, (_, index) => {
    const checkIn = firstCheckInDays + index;
    return {
      method: 'GET',
      path: `/v1/availability/multi?chainCode=MEGA&checkin=${dayFromToday(checkIn)}&checkout=${dayFromToday(checkIn + 2)}&currency=EUR`,
    };
  });
}

export const availabilityScenario: Scenario = {
  group: 'availability',
  async run(context) {
    const requests = megaFreshStays(Math.max(context.rounds * 8, 20), 10);
    // One connection: latency of each request alone, not of a queue.
    const client = new LoadClient(context.api.origin, context.tls.cert, 1);
    try {
      const { latencies } = await client.round(requests, expectOk('"hotels":['), { maxRequests: requests.length });
      const p50 = median(latencies);
      return [
        {
          figure: `MEGA availability p50, ${requests.length} stays never asked before (no answer cache)`,
          value: formatMs(p50),
          target: `≤ ${TARGET_P50_MS} ms`,
          peer: '',
          ratio: '',
          met: p50 <= TARGET_P50_MS,
        },
      ];
    } finally {
      await client.close();
    }
  },
};
