import { dayFromToday, formatMb, type Scenario } from './scenario.js';
import { expectOk } from './load.js';
import { MCP_ALL_TOOLS } from './mcp.js';
import { REVIEWS_FILTERED_PAGE, SHOPPER_VARIED_STAYS } from './rest.js';

const MAX_RSS_BYTES = 200 * 1024 * 1024;
const MAX_GROWTH = 0.1;

/** Shopper over 160 stays, reviews, every MCP tool and a small chain's availability, interleaved. */
const MIXED = [
  ...SHOPPER_VARIED_STAYS,
  ...REVIEWS_FILTERED_PAGE,
  ...MCP_ALL_TOOLS,
  { method: 'GET', path: `/v1/availability/multi?chainCode=ACME&checkin=${dayFromToday(12)}&checkout=${dayFromToday(14)}&currency=USD` },
] as const;

/**
 * RSS of the service after N and after 2N mixed requests (`BENCH_MEMORY_REQUESTS`, default
 * 50,000): the second half must not grow it by more than 10 %, and it must stay under 200 MB.
 */
export const memoryScenario: Scenario = {
  group: 'memory',
  async run(context) {
    const half = Number(process.env.BENCH_MEMORY_REQUESTS ?? 50_000);
    const check = (status: number, body: string) => expectOk('')(status, body);
    await context.apiClient.round(MIXED, check, { maxRequests: half });
    const first = context.api.rss();
    await context.apiClient.round(MIXED, check, { maxRequests: half });
    const second = context.api.rss();
    const growth = second / first - 1;
    return [
      {
        figure: `RSS after ${(2 * half).toLocaleString('en')} mixed requests, repeated (answer cache serves most)`,
        value: formatMb(second),
        target: `≤ +${MAX_GROWTH * 100}% and < ${formatMb(MAX_RSS_BYTES)}`,
        peer: `after ${half.toLocaleString('en')}: ${formatMb(first)}`,
        ratio: `${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%`,
        met: growth <= MAX_GROWTH && second < MAX_RSS_BYTES,
      },
    ];
  },
};
