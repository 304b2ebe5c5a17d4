import { LRUCache } from 'lru-cache';

/**
 * One formatter per time-zone spelling, built on first use. Constructing an Intl.DateTimeFormat
 * costs far more than formatting with it, and a chain-wide request asks for "today" in every
 * property's zone. Intl accepts any letter case (`europe/LISBON`), and zone names reach here from
 * clients (the MCP `timezone` argument), so the cache is an LRU: a few hundred real zones fit,
 * and a client cycling through spellings only evicts its own. Each zone's latest answer is kept
 * with its formatter, under the same bound.
 */
const calendarDateFormatters = new LRUCache<string, ZoneCalendar>({ max: 1_000 });

interface ZoneCalendar {
  readonly formatter: Intl.DateTimeFormat;
  /** The last answer: the second it was asked in, and the date then. */
  latest?: { readonly second: number; readonly date: string };
}

function calendarOf(timeZone: string): ZoneCalendar {
  let calendar = calendarDateFormatters.get(timeZone);
  if (calendar === undefined) {
    // Canadian English writes dates as yyyy-MM-dd, exactly our format, so format() needs no reassembly.
    calendar = { formatter: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }) };
    calendarDateFormatters.set(timeZone, calendar);
  }
  return calendar;
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
  const calendar = calendarOf(timeZone);
  if (calendar.latest?.second === second) return calendar.latest.date;
  const date = calendar.formatter.format(now);
  calendar.latest = { second, date };
  return date;
}

/** True for a time zone Intl knows (`Europe/Lisbon`, `UTC`); false for `Mars/Olympus` or ''. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    calendarOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** How many time-zone formatters are kept now (at most 1,000), for the metrics. */
export function cachedTimeZoneFormatters(): number {
  return calendarDateFormatters.size;
}
