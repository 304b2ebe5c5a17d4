import { data as iso4217Currencies } from 'currency-codes';
import { LRUCache } from 'lru-cache';
import { roundHalfAwayFromZero } from './decimal-rounding.js';

/**
 * ISO 4217 minor units ("digits") per currency code, from the maintained `currency-codes`
 * table rather than Intl: Intl follows CLDR, which departs from ISO for display reasons (it
 * shows Hungarian forints and Iraqi dinars without decimals), and prices are rounded the ISO
 * way. Built once: the lookup runs for every converted price.
 */
const MINOR_UNITS_BY_CURRENCY: ReadonlyMap<string, number> = new Map(
  iso4217Currencies.map(({ code, digits }) => [code, digits]),
);

/**
 * Display symbols, by locale and currency code. Formatters are expensive to build and a
 * deployment shows a handful of currencies in a handful of languages, so each is made once; an
 * LRU, because both the locale and the code may come from a client.
 */
const symbolsByLocale = new LRUCache<string, string>({ max: 1_000 });

/** True for an ISO 4217 code as the standard writes it (upper case): `EUR`, not `eur`. */
export function isKnownCurrency(code: string): boolean {
  return MINOR_UNITS_BY_CURRENCY.has(code);
}

/** Decimal places of the currency's minor unit: 0 for JPY, 2 for EUR, 3 for BHD. */
export function minorUnits(code: string): number {
  const digits = MINOR_UNITS_BY_CURRENCY.get(code);
  if (digits === undefined) throw unknownCurrency(code);
  return digits;
}

/** Rounds an amount to the currency's minor unit, half away from zero (-2.675 EUR -> -2.68). */
export function roundToMinorUnits(amount: number, code: string): number {
  return roundHalfAwayFromZero(amount, minorUnits(code));
}

/**
 * Converts an amount at `rate` (units of the target currency per unit of the source) and rounds
 * it to the target currency `code`. The product is rounded as the decimal it stands for, so
 * 0.75 EUR at 0.7 is 0.53, not the 0.52 its binary result 0.5249999999999999 would suggest.
 */
export function convertAmount(amount: number, rate: number, code: string): number {
  return roundToMinorUnits(amount * rate, code);
}

/**
 * The symbol shown next to prices: `€`, `$`, `£`, `¥`, `R$`; the code itself (`CHF`) where the
 * currency has no symbol of its own. Narrow symbols, because widgets show prices in a single
 * currency, where `US$` would be noise.
 */
export function currencySymbol(code: string, locale = 'en'): string {
  const key = `${locale}|${code}`;
  let symbol = symbolsByLocale.get(key);
  if (symbol === undefined) {
    symbol = narrowSymbol(code, locale);
    symbolsByLocale.set(key, symbol);
  }
  return symbol;
}

function narrowSymbol(code: string, locale: string): string {
  // Intl would happily invent a "symbol" for any three letters; only real currencies get one.
  if (!isKnownCurrency(code)) throw unknownCurrency(code);
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? code;
}

function unknownCurrency(code: string): RangeError {
  return new RangeError(`Unknown currency code "${code}": expected an ISO 4217 code such as EUR, USD or JPY`);
}
