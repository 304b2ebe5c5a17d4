import { LRUCache } from 'lru-cache';

/**
 * One formatter per time-zone spelling, built on first use. Constructing an Intl.DateTimeFormat
 * costs far more than formatting with it, and a chain-wide request asks for "today" in every
 * property's zone. Intl accepts any letter case (`europe/LISBON`), and zone names reach here from
 * clients (the MCP `timezone` argument), so the cache is an LRU: a few hundred real zones fit,
 * and a client cycling through spellings only evicts its own.
 */
const calendarDateFormatters = new LRUCache<string, Intl.DateTimeFormat>({ max: 1_000 });

function calendarDateFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = calendarDateFormatters.get(timeZone);
  if (formatter === undefined) {
    // Canadian English writes dates as yyyy-MM-dd, exactly our format, so format() needs no reassembly.
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    calendarDateFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The calendar date (`yyyy-MM-dd`) at instant `now` in an IANA time zone, e.g. whether it is
 * already tomorrow at a property in Kiritimati. Throws a RangeError for an unknown zone.
 */
export function todayInTimeZone(timeZone: string, now: Date): string {
  // Every request asks, and formatting is the costly part: the answer is kept per zone for the
  // second it was asked in. A zone's midnight falls on a whole second (offsets are whole minutes),
  // so the date cannot change within one.
  const second = Math.floor(now.getTime() / 1000);
  const kept = latestToday.get(timeZone);
  if (kept?.second === second) return kept.date;
  const date = calendarDateFormatter(timeZone).format(now);
  latestToday.set(timeZone, { second, date });
  return date;
}

/** The last answer per zone (bounded like the formatters: zones Intl accepts). */
const latestToday = new Map<string, { readonly second: number; readonly date: string }>();

/** True for a time zone Intl knows (`Europe/Lisbon`, `UTC`); false for `Mars/Olympus` or ''. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    calendarDateFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** How many time-zone formatters are kept now (at most 1,000), for the metrics. */
export function cachedTimeZoneFormatters(): number {
  return calendarDateFormatters.size;
}
