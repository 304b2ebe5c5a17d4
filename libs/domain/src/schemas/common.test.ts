import { describe, expect, it } from 'vitest';
import { CalendarDate, CountryCode, CurrencyCode, HttpUrl, Instant, LanguageCode, LanguageTag, LocalDateTime, TimeZone } from './common.js';

describe('CalendarDate', () => {
  it.each(['2026-03-01', '2024-02-29', '2000-02-29', '2026-12-31'])('accepts %s', (date) => {
    expect(CalendarDate.parse(date)).toBe(date);
  });

  it.each([
    ['a day February never has', '2026-02-30'],
    ['29 February outside a leap year', '2026-02-29'],
    ['29 February of a century that is no leap year', '1900-02-29'],
    ['31 April', '2026-04-31'],
    ['month 13', '2026-13-01'],
    ['unpadded month and day', '2026-2-3'],
    ['a date-time', '2026-03-01T00:00:00Z'],
    ['day-first order', '01-03-2026'],
    ['an empty string', ''],
  ])('refuses %s', (_case, date) => {
    const result = CalendarDate.safeParse(date);
    expect(result.error?.issues[0]?.message).toBe('must be a calendar date yyyy-MM-dd');
  });
});

describe('Instant and LocalDateTime', () => {
  it('Instant requires a UTC offset', () => {
    expect(Instant.safeParse('2026-11-21T09:32:00.123Z').success).toBe(true);
    expect(Instant.safeParse('2026-11-21T09:32:00+01:00').success).toBe(true);
    expect(Instant.safeParse('2026-11-21T09:32:00.123').success).toBe(false);
  });

  it('LocalDateTime refuses any offset, Z included', () => {
    expect(LocalDateTime.safeParse('2026-11-21T09:32:00.123').success).toBe(true);
    expect(LocalDateTime.safeParse('2026-11-21T09:32:00.123Z').success).toBe(false);
    expect(LocalDateTime.safeParse('2026-11-21T09:32:00+01:00').success).toBe(false);
  });
});

describe('ISO codes', () => {
  it('reads a currency code in any case and writes it in upper case', () => {
    expect(CurrencyCode.parse('usd')).toBe('USD');
    expect(CurrencyCode.parse('Eur')).toBe('EUR');
  });

  it.each(['US', 'EURO', 'E1R', 'ÉUR', ''])('refuses the currency code %j', (code) => {
    expect(CurrencyCode.safeParse(code).error?.issues[0]?.message).toBe('must be a 3-letter ISO 4217 currency code');
  });

  it('upper-cases country codes and lower-cases language codes', () => {
    expect(CountryCode.parse('pt')).toBe('PT');
    expect(LanguageCode.parse('EN')).toBe('en');
    expect(LanguageCode.parse('ast')).toBe('ast');
  });

  it.each(['P', 'PRT', 'p1'])('refuses the country code %j', (code) => {
    expect(CountryCode.safeParse(code).success).toBe(false);
  });

  it.each(['e', 'engl', 'en-GB'])('refuses the language code %j', (code) => {
    expect(LanguageCode.safeParse(code).success).toBe(false);
  });
});

describe('LanguageTag', () => {
  it.each([
    ['pt', 'pt'],
    ['pt-BR', 'pt-BR'],
    ['PT-br', 'pt-BR'],
    ['es-419', 'es-419'],
  ])('canonicalises %s as %s', (tag, canonical) => {
    expect(LanguageTag.parse(tag)).toBe(canonical);
  });

  it.each(['p', 'pt_BR', 'pt-BRA', 'en-', '1234'])('refuses %j', (tag) => {
    expect(LanguageTag.safeParse(tag).error?.issues).toEqual([
      expect.objectContaining({ message: 'must be a language code with an optional region, e.g. pt or pt-BR' }),
    ]);
  });
});

describe('TimeZone', () => {
  it.each(['Europe/Lisbon', 'America/Sao_Paulo', 'UTC', 'Asia/Kolkata'])('accepts %s', (zone) => {
    expect(TimeZone.parse(zone)).toBe(zone);
    // A second look answers from the cache and must agree.
    expect(TimeZone.parse(zone)).toBe(zone);
  });

  it.each(['Mars/Olympus_Mons', 'Europe/Lisboa', '', '+25:00'])('refuses %j', (zone) => {
    expect(TimeZone.safeParse(zone).error?.issues[0]?.message).toBe('must be an IANA time zone name such as Europe/Lisbon');
  });
});

describe('HttpUrl', () => {
  it.each(['https://www.example.com/hotel?lang=pt', 'http://localhost:3000/book'])('accepts %s', (url) => {
    expect(HttpUrl.parse(url)).toBe(url);
  });

  it.each(['javascript:alert(1)', 'ftp://example.com/file', '/relative/path', 'www.example.com'])('refuses %s', (url) => {
    expect(HttpUrl.safeParse(url).success).toBe(false);
  });
});
