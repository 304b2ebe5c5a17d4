import type { SupportedLanguage } from '@hotelapi/domain';
import { BoundedCache } from './bounded-cache.js';

/**
 * Intl formatters for numbers, money and dates. Building an Intl formatter costs far more than
 * using one, so each is built once per language (and currency, or digits) and reused. The caches
 * are bounded because a currency code may come from a client.
 */
const numberFormats = new BoundedCache<string, Intl.NumberFormat>(200);
const moneyFormats = new BoundedCache<string, Intl.NumberFormat>(1000);
const dateFormats = new BoundedCache<SupportedLanguage, Intl.DateTimeFormat>(20);
/** Written dates: a few years of stays in six languages, and formatting one costs microseconds each time. */
const writtenDates = new BoundedCache<string, string>(5000);

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * `n` with the language's digit grouping and decimal mark. `maximumFractionDigits` defaults to
 * Intl's 3; out of 0..100 it throws a RangeError.
 */
export function formatNumber(language: SupportedLanguage, n: number, maximumFractionDigits?: number): string {
  return numberFormats
    .getOrCreate(`${language}|${maximumFractionDigits ?? ''}`, () => new Intl.NumberFormat(language, { maximumFractionDigits }))
    .format(n);
}

/**
 * `amount` in `currency` (ISO 4217) with the currency's own minor units: two decimals for EUR,
 * none for JPY. Throws a RangeError for a code that is not three letters (callers validate
 * currencies first).
 */
export function formatMoney(language: SupportedLanguage, amount: number, currency: string): string {
  const code = currency.toUpperCase();
  return moneyFormats
    .getOrCreate(`${language}|${code}`, () => new Intl.NumberFormat(language, { style: 'currency', currency: code }))
    .format(amount);
}

/**
 * A calendar date `yyyy-MM-dd` written out in the language ("March 14, 2026", "14. März 2026").
 * It is a date, not an instant, so it is formatted in UTC and never shifts by a day. Anything
 * that is not a real calendar date comes back unchanged: a summary should not fail on it.
 */
export function formatDate(language: SupportedLanguage, yyyyMmDd: string): string {
  return writtenDates.getOrCreate(`${language}|${yyyyMmDd}`, () => writeDate(language, yyyyMmDd));
}

function writeDate(language: SupportedLanguage, yyyyMmDd: string): string {
  const parts = CALENDAR_DATE.exec(yyyyMmDd);
  if (!parts) return yyyyMmDd;
  const [, year, month, day] = parts.map(Number);
  const instant = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2026-02-30 over into March; a real date survives the round trip.
  if (instant.getUTCMonth() !== month - 1 || instant.getUTCDate() !== day) return yyyyMmDd;
  return dateFormats
    .getOrCreate(language, () => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }))
    .format(instant);
}
