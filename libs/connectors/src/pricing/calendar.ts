import { todayInTimeZone } from '@hotelapi/domain';
import { declareCache } from '@hotelapi/caches';

/**
 * Calendar dates as whole days since 1970-01-01 ("epoch days"). Every calendar value in the
 * sandbox is keyed by day, and a plain integer is cheap to add, compare and hash.
 */

/** Days since 1970-01-01 of a calendar date (no time, no zone). */
export type EpochDay = number;

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Dates parsed before: a chain search parses its stay's two dates for each of its 500 properties. */
const parsedDates = declareCache({
  name: 'parsed-dates',
  key: 'a `yyyy-MM-dd` text',
  max: 4_096,
  invalidation: 'none needed: a date’s epoch day never changes',
}).create<string, EpochDay>();

/** Epoch day of a strict `yyyy-MM-dd` date; throws a RangeError for anything else (2026-02-30 included). */
export function parseIsoDate(text: string): EpochDay {
  const known = parsedDates.get(text);
  if (known !== undefined) return known;
  const day = epochDayOf(text);
  parsedDates.set(text, day);
  return day;
}

function epochDayOf(text: string): EpochDay {
  const match = ISO_DATE.exec(text);
  if (match) {
    const [, year, month, day] = match.map(Number);
    const ms = Date.UTC(year, month - 1, day);
    const date = new Date(ms);
    if (date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day) {
      return ms / MS_PER_DAY;
    }
  }
  throw new RangeError(`Not a calendar date (yyyy-MM-dd): ${text}`);
}

/** Dates written before: a chain's price calendar writes the same few hundred for each of its thousands of properties. */
const formattedDates = declareCache({
  name: 'formatted-dates',
  key: 'an epoch day',
  max: 4_096,
  invalidation: 'none needed: a day’s `yyyy-MM-dd` never changes',
}).create<EpochDay, string>();

export function formatIsoDate(day: EpochDay): string {
  let text = formattedDates.get(day);
  if (text === undefined) {
    text = new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
    formattedDates.set(day, text);
  }
  return text;
}

/** Midnight UTC at the start of the day. */
export function startOfDay(day: EpochDay): Date {
  return new Date(day * MS_PER_DAY);
}

/** Weekdays as `CalendarDate.weekday` numbers them; Friday and Saturday nights are the weekend's. */
export const FRIDAY = 5;
export const SATURDAY = 6;

/** A calendar month; `month` is 1..12. */
export interface CalendarMonth {
  readonly year: number;
  readonly month: number;
}

/** The parts of a calendar date that prices and restrictions depend on. */
export interface CalendarDate extends CalendarMonth {
  /** 1..31. */
  readonly dayOfMonth: number;
  /** 0 for Sunday to 6 for Saturday. */
  readonly weekday: number;
}

export function calendarDateOf(day: EpochDay): CalendarDate {
  const date = new Date(day * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, dayOfMonth: date.getUTCDate(), weekday: date.getUTCDay() };
}

export function monthOf(day: EpochDay): CalendarMonth {
  const date = new Date(day * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

/** The first day of `month`, `offset` months later (offset may run past December). */
export function firstDayOfMonth({ year, month }: CalendarMonth, offset = 0): EpochDay {
  return Date.UTC(year, month - 1 + offset, 1) / MS_PER_DAY;
}

/** The calendar date it is at `instant` in the IANA `timeZone`: what "today" means at a property. */
export function todayIn(timeZone: string, instant: Date): EpochDay {
  return parseIsoDate(todayInTimeZone(timeZone, instant));
}
