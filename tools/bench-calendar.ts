/**
 * Benchmark of the price calendar (`GET /v1/availability/calendar`) at the service level, the
 * function the route calls, over the sandbox:
 *   - one property (ACME001) over 366 arrival dates;
 *   - the 40-property ACME chain over 90 arrival dates.
 * Each against its peer in the same run: the same calendar built the naive way, one
 * `getAvailability` per property and day. Target: each calendar at most 50 ms p50.
 *
 *   npm run bench:calendar
 */
import { createSandboxConnectors, type BookingEngine } from '@hotelapi/connectors';
import { addDays, todayInTimeZone, type PriceCalendarQuery } from '@hotelapi/domain';
import { createApiServices, loadConfig, priceCalendar } from '@hotelapi/api/benchmark';

const RUNS = 30;
const BUDGET_MS = 50;

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}

async function measure(label: string, work: () => Promise<unknown>, runs = RUNS): Promise<number> {
  await work(); // warm: properties generated, code optimised
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  const p50 = percentile(times, 0.5);
  const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
  console.log(`${label.padEnd(52)} p50 ${ms(p50)}   p90 ${ms(percentile(times, 0.9))}   (${runs} runs)`);
  return p50;
}

/** The peer: one availability lookup per property and arrival date, lowest AVL total kept. */
async function perDayCalendar(bookingEngine: BookingEngine, codes: readonly string[], from: string, dates: number): Promise<unknown> {
  return Promise.all(
    codes.map(async (code) => {
      const lowest: (number | null)[] = [];
      for (let offset = 0; offset < dates; offset++) {
        const checkIn = addDays(from, offset);
        const { rates } = await bookingEngine.getAvailability(code, { checkIn, checkOut: addDays(checkIn, 1), adults: 2, children: 0 });
        const totals = rates.filter((rate) => rate.status === 'AVL').map((rate) => rate.total);
        lowest.push(totals.length > 0 ? Math.min(...totals) : null);
      }
      return lowest;
    }),
  );
}

const connectors = createSandboxConnectors();
const config = loadConfig({});
const services = await createApiServices(connectors, config);
const chain = await connectors.catalog.getChain('ACME');
if (!chain) throw new Error('The sandbox has no chain ACME');
// Tomorrow in the easternmost zone: never "before today" anywhere, whenever the bench runs.
const from = addDays(todayInTimeZone('Pacific/Kiritimati', new Date()), 1);
const quiet = { warn: () => undefined };
const query = (to: string, propertyCode?: string): PriceCalendarQuery => ({
  chainCode: 'ACME',
  from,
  to,
  currency: 'EUR',
  nights: 1,
  adults: 2,
  children: 0,
  ...(propertyCode === undefined ? {} : { propertyCode }),
});

console.log(`Price calendar benchmark, Node ${process.version}, from ${from}, sandbox, service level\n`);
const oneProperty = await measure('ACME001, 366 dates (set-based)', () => priceCalendar(services, chain, query(addDays(from, 365), 'ACME001'), quiet));
const onePeer = await measure('ACME001, 366 dates (peer: availability per day)', () => perDayCalendar(connectors.bookingEngine, ['ACME001'], from, 366), 5);
const wholeChain = await measure('ACME chain, 40 properties, 90 dates (set-based)', () => priceCalendar(services, chain, query(addDays(from, 89)), quiet));
const chainPeer = await measure('ACME chain, 90 dates (peer: availability per day)', () => perDayCalendar(connectors.bookingEngine, chain.propertyCodes, from, 90), 5);

console.log(`\nOne property, 366 dates: ${oneProperty.toFixed(1)} ms p50, ${(onePeer / oneProperty).toFixed(1)}x faster than per day.`);
console.log(`Chain of 40, 90 dates:   ${wholeChain.toFixed(1)} ms p50, ${(chainPeer / wholeChain).toFixed(1)}x faster than per day.`);
const within = oneProperty <= BUDGET_MS && wholeChain <= BUDGET_MS;
console.log(within ? `Both within the ${BUDGET_MS} ms p50 target.` : `OVER the ${BUDGET_MS} ms p50 target.`);
process.exitCode = within ? 0 : 1;
