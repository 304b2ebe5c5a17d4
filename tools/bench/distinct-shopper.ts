import type { BenchRequest, RequestStream } from './load.js';
import { API_KEY_HEADERS, dayFromToday } from './scenario.js';

const codes = (chain: string, count: number, digits: number) =>
  Array.from({ length: count }, (_, index) => `${chain}${String(index + 1).padStart(digits, '0')}`);

/** Every property of the sandbox: ACME001..040, BLUE001..003, MEGA0001..0500. */
export const EVERY_PROPERTY = [...codes('ACME', 40, 3), ...codes('BLUE', 3, 3), ...codes('MEGA', 500, 4)];

/** Currencies of the sandbox's rate table, taken in turn. */
const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'JPY', 'AUD', 'CAD', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HKD', 'SGD'];

/**
 * Check-in days from today: from the day after tomorrow (today in the time zone furthest ahead of
 * UTC may already be tomorrow) to 360 days ahead (the policy allows 365 from the earliest today).
 */
const FIRST_CHECK_IN_DAY = 2;
const CHECK_IN_DAYS = 359;
const MAX_NIGHTS = 7;

/**
 * The shopper asked as a crowd of different travellers would: request `n` is for property
 * `n mod 543`, on a check-in day that property is asked for only once in the run (its
 * `floor(n / 543)`-th visit, spread over the year), for 1-7 nights, in the next currency of the
 * list. Consecutive requests differ in property, stay and currency, and no pair of property and
 * check-in repeats before request 543 × 359 (about 195,000), so no answer, quote or priced night
 * kept for an earlier request applies. Stays that `others` ask (in any currency) are skipped, so
 * that what their figures leave behind serves none of these.
 */
export function distinctShopperRequests(others: readonly BenchRequest[] = []): RequestStream {
  const avoid = new Set(others.map((other) => stayOf(other.path)));
  let n = 0;
  const request = (index: number): BenchRequest => {
    const property = index % EVERY_PROPERTY.length;
    const visit = Math.floor(index / EVERY_PROPERTY.length);
    if (visit >= CHECK_IN_DAYS) throw new Error('distinct shopper: every property has been asked for every check-in day of the year');
    // Each property starts its visits on a day of its own, so that one day is not every property's.
    const checkIn = FIRST_CHECK_IN_DAY + ((visit + property * 37) % CHECK_IN_DAYS);
    const nights = 1 + (index % MAX_NIGHTS);
    const currency = CURRENCIES[index % CURRENCIES.length];
    const path = `/v1/shopper/${EVERY_PROPERTY[property]}?checkIn=${dayFromToday(checkIn)}&checkOut=${dayFromToday(checkIn + nights)}&adults=2&currency=${currency}`;
    return { method: 'GET', path, headers: API_KEY_HEADERS };
  };
  return {
    next() {
      for (;;) {
        const candidate = request(n++);
        if (!avoid.has(stayOf(candidate.path))) return candidate;
      }
    },
  };
}

/** The property and the dates a shopper path asks for, whatever else it asks. */
function stayOf(path: string): string {
  const url = new URL(path, 'https://bench.invalid');
  return `${url.pathname} ${url.searchParams.get('checkIn')} ${url.searchParams.get('checkOut')}`;
}

/** The first `count` requests of a stream, as a list. */
export function take(stream: RequestStream, count: number): BenchRequest[] {
  return Array.from({ length: count }, () => stream.next());
}
