/**
 * One formatter per IANA time zone, built on first use. Constructing an Intl.DateTimeFormat
 * costs far more than formatting with it, and a chain-wide request asks for "today" in every
 * property's zone. Only zones Intl accepts are stored, so the map is bounded by the zone list.
 */
const calendarDateFormatters = new Map<string, Intl.DateTimeFormat>();

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
