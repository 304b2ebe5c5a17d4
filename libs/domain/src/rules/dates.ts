/**
 * Calendar-date arithmetic on `yyyy-MM-dd` strings (proleptic Gregorian, years 0000 to 9999).
 *
 * Dates are counted as whole days since 1970-01-01 ("epoch days") with Howard Hinnant's civil
 * calendar algorithms (https://howardhinnant.github.io/date_algorithms.html): integer
 * arithmetic only, so no local time zone or daylight-saving hour can leak in, and no Date
 * object is built per call. Malformed or impossible dates (2026-02-30) throw a RangeError.
 */

const DAYS_PER_400_YEARS = 146_097;
/** Days from 0000-03-01, where Hinnant's eras start, to 1970-01-01. */
const EPOCH_OFFSET_DAYS = 719_468;
const THURSDAY = 4; // 1970-01-01
const CHAR_CODE_ZERO = 48;
const CHAR_CODE_DASH = 45;

const DAYS_IN_MONTH: readonly number[] = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** "00".."31", so formatting a date pads nothing. */
const TWO_DIGITS: readonly string[] = Array.from({ length: 32 }, (_, n) => String(n).padStart(2, '0'));

/** True when `value` is a real calendar date written `yyyy-MM-dd`: 2028-02-29 yes, 2026-02-29 no. */
export function isCalendarDate(value: string): boolean {
  return !Number.isNaN(epochDayOrNaN(value));
}

/** The date `days` days after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`Days to add must be a whole number, got ${days}`);
  return fromEpochDay(toEpochDay(date) + days);
}

/** Whole days from `from` to `to`: positive when `to` is later, negative when earlier. */
export function daysBetween(from: string, to: string): number {
  return toEpochDay(to) - toEpochDay(from);
}

/** Nights of a stay; zero or negative when check-out is not after check-in. */
export function nightsBetween(checkIn: string, checkOut: string): number {
  return daysBetween(checkIn, checkOut);
}

/** The date of each night of a stay, check-in included, check-out not; empty for no nights. */
export function eachNight(checkIn: string, checkOut: string): string[] {
  const firstNight = toEpochDay(checkIn);
  const nights = Math.max(0, toEpochDay(checkOut) - firstNight);
  const dates = new Array<string>(nights);
  for (let night = 0; night < nights; night++) dates[night] = fromEpochDay(firstNight + night);
  return dates;
}

/** Day of the week, 0 for Sunday to 6 for Saturday, as `Date.prototype.getUTCDay` counts. */
export function dayOfWeek(date: string): number {
  const weekday = (toEpochDay(date) + THURSDAY) % 7;
  return weekday < 0 ? weekday + 7 : weekday;
}

function toEpochDay(date: string): number {
  const epochDay = epochDayOrNaN(date);
  if (Number.isNaN(epochDay)) throw new RangeError(`Not a calendar date (yyyy-MM-dd): "${date}"`);
  return epochDay;
}

function epochDayOrNaN(date: string): number {
  if (date.length !== 10 || date.charCodeAt(4) !== CHAR_CODE_DASH || date.charCodeAt(7) !== CHAR_CODE_DASH) return Number.NaN;
  const year = readDigits(date, 0, 4);
  const month = readDigits(date, 5, 7);
  const day = readDigits(date, 8, 10);
  // Written so that NaN from a non-digit fails the test too.
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month))) return Number.NaN;
  return daysFromCivil(year, month, day);
}

/** The number written in `text` from `start` to `end`, NaN if any character is not a digit. */
function readDigits(text: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = text.charCodeAt(i) - CHAR_CODE_ZERO;
    if (digit < 0 || digit > 9) return Number.NaN;
    value = value * 10 + digit;
  }
  return value;
}

function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1];
}

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** Hinnant's days_from_civil. Years start in March so the leap day ends the year. */
function daysFromCivil(year: number, month: number, day: number): number {
  const marchYear = month <= 2 ? year - 1 : year;
  const era = Math.floor(marchYear / 400);
  const yearOfEra = marchYear - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * DAYS_PER_400_YEARS + dayOfEra - EPOCH_OFFSET_DAYS;
}

/** Hinnant's civil_from_days, formatted. */
function fromEpochDay(epochDay: number): string {
  const shifted = epochDay + EPOCH_OFFSET_DAYS;
  const era = Math.floor(shifted / DAYS_PER_400_YEARS);
  const dayOfEra = shifted - era * DAYS_PER_400_YEARS;
  const leapDaysBefore = Math.floor(dayOfEra / 1460) - Math.floor(dayOfEra / 36_524) + Math.floor(dayOfEra / 146_096);
  const yearOfEra = Math.floor((dayOfEra - leapDaysBefore) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  if (year < 0 || year > 9999) throw new RangeError(`Date out of range (years 0000 to 9999): epoch day ${epochDay}`);
  return `${String(year).padStart(4, '0')}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}`;
}
