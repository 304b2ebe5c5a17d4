import type { SupportedLanguage } from '@hotelapi/domain';
import { declareCache } from '@hotelapi/caches';

/**
 * Intl formatters for numbers, money and dates. Building an Intl formatter costs far more than
 * using one, so each is built once per language (and currency, or digits) and reused. The caches
 * are bounded because a currency code may come from a client.
 */
const BUILT_ONCE = 'none needed: a formatter depends only on its key';
const numberFormats = declareCache({ name: 'number-formats', key: 'language and fraction digits', max: 200, invalidation: BUILT_ONCE }).create<
  string,
  Intl.NumberFormat
>();
const moneyFormats = declareCache({ name: 'money-formats', key: 'language and currency code', max: 1_000, invalidation: BUILT_ONCE }).create<
  string,
  Intl.NumberFormat
>();
const dateFormats = declareCache({ name: 'date-formats', key: 'language', max: 20, invalidation: BUILT_ONCE }).create<SupportedLanguage, Intl.DateTimeFormat>();
/** Written dates: a few years of stays in six languages, and formatting one costs microseconds each time. */
const writtenDates = declareCache({ name: 'written-dates', key: 'language and `yyyy-MM-dd` date', max: 5_000, invalidation: BUILT_ONCE }).create<
  string,
  string
>();

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
