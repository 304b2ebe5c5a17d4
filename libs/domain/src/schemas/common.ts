/**
 * Value formats shared by every resource: dates, instants, ISO codes, URLs and amounts. They validate
 * FORMAT only; whether a currency or language is one we serve is decided by the domain rules and the API.
 */

import { z } from 'zod';

/** A calendar date `yyyy-MM-dd`. zod's ISO date pattern knows month lengths and leap years, so 2026-02-30 is refused. */
export const CalendarDate = z.iso
  .date({ error: 'must be a calendar date yyyy-MM-dd' })
  .describe('Calendar date, yyyy-MM-dd.');
export type CalendarDate = z.infer<typeof CalendarDate>;

/** An instant with its UTC offset, as `Date.prototype.toISOString()` writes it. */
export const Instant = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date-time with a UTC offset' })
  .describe('ISO 8601 date-time with UTC offset, e.g. 2026-11-21T09:32:00.123Z.');
export type Instant = z.infer<typeof Instant>;

/**
 * A wall-clock date-time with no offset, e.g. `2026-11-21T09:32:00.123`. Only the availability endpoint's
 * error body uses it, because the contract says so; everything else carries an offset.
 */
export const LocalDateTime = z.iso
  .datetime({ local: true, error: 'must be an ISO 8601 date-time' })
  .refine((text) => !text.endsWith('Z'), 'must be an ISO 8601 date-time without UTC offset')
  .describe('ISO 8601 date-time without offset, e.g. 2026-11-21T09:32:00.123.');
export type LocalDateTime = z.infer<typeof LocalDateTime>;

/** ISO 4217 currency code: three letters in any case, upper case once parsed. */
export const CurrencyCode = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter ISO 4217 currency code')
  .toUpperCase()
  .describe('ISO 4217 currency code, e.g. EUR.');
export type CurrencyCode = z.infer<typeof CurrencyCode>;

/** ISO 3166-1 alpha-2 country code: two letters in any case, upper case once parsed. */
export const CountryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'must be a 2-letter ISO 3166-1 country code')
  .toUpperCase()
  .describe('ISO 3166-1 alpha-2 country code, e.g. PT.');
export type CountryCode = z.infer<typeof CountryCode>;

/** ISO 639 primary language code (two or three letters), lower case once parsed: the language a review is written in. */
export const LanguageCode = z
  .string()
  .regex(/^[A-Za-z]{2,3}$/, 'must be a 2- or 3-letter ISO 639 language code')
  .toLowerCase()
  .describe('ISO 639 language code, e.g. en.');
export type LanguageCode = z.infer<typeof LanguageCode>;

/**
 * A language with an optional region (`pt`, `pt-BR`, `es-419`), canonicalised by `Intl` so `PT-br` and
 * `pt-BR` reach the engines as one tag. The pattern aborts first so `Intl` only ever sees a well-formed tag.
 */
export const LanguageTag = z
  .string()
  .regex(/^[A-Za-z]{2,3}(?:-(?:[A-Za-z]{2}|\d{3}))?$/, {
    error: 'must be a language code with an optional region, e.g. pt or pt-BR',
    abort: true,
  })
  .overwrite((tag) => Intl.getCanonicalLocales(tag)[0] ?? tag)
  .describe('Language with optional region, e.g. pt or pt-BR.');
export type LanguageTag = z.infer<typeof LanguageTag>;

/**
 * Zones `Intl` has accepted. Building a DateTimeFormat costs far more than a Set lookup, and the zones in
 * use are few; rejected names are not remembered, so hostile input cannot grow the set.
 */
const knownTimeZones = new Set<string>();

function isTimeZone(name: string): boolean {
  if (knownTimeZones.has(name)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
  } catch {
    return false;
  }
  knownTimeZones.add(name);
  return true;
}

/** IANA time zone name, as the runtime's `Intl` knows it. */
export const TimeZone = z
  .string()
  .refine(isTimeZone, 'must be an IANA time zone name such as Europe/Lisbon')
  .describe('IANA time zone name, e.g. Europe/Lisbon.');
export type TimeZone = z.infer<typeof TimeZone>;

/**
 * An absolute http(s) URL. Not `z.httpUrl()`: that one insists on a public domain name, and sandbox and
 * staging deployments link to `localhost`.
 */
export const HttpUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });
export type HttpUrl = z.infer<typeof HttpUrl>;

/** A money amount in the currency the surrounding object names, rounded to that currency's minor units. */
export const Amount = z.number().nonnegative().describe('Amount in the currency of the response.');
export type Amount = z.infer<typeof Amount>;
