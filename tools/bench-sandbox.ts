/**
 * Benchmark of the sandbox connector under the API's heaviest call: chain-wide availability of
 * all 500 MEGA properties for one 3-night stay, asked concurrently through the port.
 *
 *   npm run bench:sandbox
 *   (node --conditions=@hotelapi/source --import tsx tools/bench-sandbox.ts)
 *
 * Cold includes generating every property on first use; warm is the median of 20 runs after it.
 * The budget for warm is 200 ms.
 */
import { createSandboxConnectors, type Connectors } from '@hotelapi/connectors';

const WARM_RUNS = 20;
const WARM_BUDGET_MS = 200;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A check-in 30 days from now: inside the booking window whatever day the bench runs. */
function stayFromToday(): { checkIn: string; checkOut: string; adults: number; children: number } {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return { checkIn: day(30), checkOut: day(33), adults: 2, children: 0 };
}

async function measure(label: string, connectors: Connectors, work: (connectors: Connectors) => Promise<unknown>): Promise<number> {
  const cold = await timed(() => work(connectors));
  const warm: number[] = [];
  for (let run = 0; run < WARM_RUNS; run++) warm.push(await timed(() => work(connectors)));
  const sorted = [...warm].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
  console.log(`${label.padEnd(44)} cold ${ms(cold)}   warm median ${ms(median(warm))}   min ${ms(sorted[0])}   max ${ms(sorted[sorted.length - 1])}`);
  return median(warm);
}

const request = stayFromToday();
const connectors = createSandboxConnectors();
const megaCodes = (await connectors.catalog.getChain('MEGA'))?.propertyCodes ?? [];
console.log(`Sandbox benchmark, Node ${process.version}, stay ${request.checkIn} to ${request.checkOut}, ${megaCodes.length} MEGA properties\n`);

const availabilityMedian = await measure('availability, all MEGA, concurrent', connectors, ({ bookingEngine }) =>
  Promise.all(megaCodes.map((code) => bookingEngine.getAvailability(code, request))),
);
await measure('rate shopper, all MEGA, concurrent', connectors, ({ rateShopper }) =>
  Promise.all(megaCodes.map((code) => rateShopper.shop(code, request))),
);
await measure('review counts, all MEGA', connectors, ({ reviews }) => Promise.all(megaCodes.map((code) => reviews.countReviews(code))));
await measure('reviews, all MEGA (generated on first call)', connectors, ({ reviews }) =>
  Promise.all(megaCodes.map((code) => reviews.getReviews(code))),
);
await measure('lowest monthly rates, 12 months, MEGA0001', connectors, ({ bookingEngine }) =>
  bookingEngine.getLowestMonthlyRates('MEGA0001', request.checkIn, 12),
);

const verdict = availabilityMedian < WARM_BUDGET_MS ? 'within' : 'OVER';
console.log(`\nWarm chain-wide availability: ${availabilityMedian.toFixed(1)} ms, ${verdict} the ${WARM_BUDGET_MS} ms budget.`);
process.exitCode = availabilityMedian < WARM_BUDGET_MS ? 0 : 1;
