import { describe, expect, it } from 'vitest';
import { cachedTimeZoneFormatters, isValidTimeZone, todayInTimeZone } from './time-zone.js';

describe('todayInTimeZone', () => {
  it('is already tomorrow in Kiritimati (UTC+14) and still yesterday in Pago Pago (UTC-11)', () => {
    const justAfterMidnightUtc = new Date('2026-01-01T00:30:00Z');
    expect(todayInTimeZone('UTC', justAfterMidnightUtc)).toBe('2026-01-01');
    expect(todayInTimeZone('Pacific/Kiritimati', justAfterMidnightUtc)).toBe('2026-01-01');
    expect(todayInTimeZone('Pacific/Pago_Pago', justAfterMidnightUtc)).toBe('2025-12-31');

    const justBeforeMidnightUtc = new Date('2025-12-31T23:30:00Z');
    expect(todayInTimeZone('UTC', justBeforeMidnightUtc)).toBe('2025-12-31');
    expect(todayInTimeZone('Pacific/Kiritimati', justBeforeMidnightUtc)).toBe('2026-01-01');
    expect(todayInTimeZone('Pacific/Pago_Pago', justBeforeMidnightUtc)).toBe('2025-12-31');
  });

  it('turns the date at local midnight, to the second', () => {
    // Kiritimati's midnight is 10:00 UTC; Pago Pago's is 11:00 UTC.
    expect(todayInTimeZone('Pacific/Kiritimati', new Date('2026-01-01T09:59:59Z'))).toBe('2026-01-01');
    expect(todayInTimeZone('Pacific/Kiritimati', new Date('2026-01-01T10:00:00Z'))).toBe('2026-01-02');
    expect(todayInTimeZone('Pacific/Pago_Pago', new Date('2026-01-01T10:59:59Z'))).toBe('2025-12-31');
    expect(todayInTimeZone('Pacific/Pago_Pago', new Date('2026-01-01T11:00:00Z'))).toBe('2026-01-01');
  });

  it('follows daylight saving time', () => {
    // Lisbon is UTC+1 in summer: 23:30 UTC is already the next day there.
    expect(todayInTimeZone('Europe/Lisbon', new Date('2026-07-14T23:30:00Z'))).toBe('2026-07-15');
    expect(todayInTimeZone('Europe/Lisbon', new Date('2026-01-14T23:30:00Z'))).toBe('2026-01-14');
  });

  it('writes yyyy-MM-dd whatever the zone', () => {
    const now = new Date('2026-03-05T12:00:00Z');
    for (const zone of ['America/New_York', 'Asia/Tokyo', 'Australia/Sydney', 'Asia/Kolkata']) {
      expect(todayInTimeZone(zone, now)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('throws for an unknown zone', () => {
    expect(() => todayInTimeZone('Mars/Olympus', new Date())).toThrow(RangeError);
  });
});

describe('isValidTimeZone', () => {
  it('accepts IANA zones', () => {
    expect(isValidTimeZone('Europe/Lisbon')).toBe(true);
    expect(isValidTimeZone('America/Sao_Paulo')).toBe(true);
    expect(isValidTimeZone('Pacific/Kiritimati')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
  });

  it('rejects anything else', () => {
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('Europe/Atlantis')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});

describe('the formatter cache', () => {
  it('stays bounded however many spellings of zones clients send', () => {
    const now = new Date('2026-01-01T00:30:00Z');
    // Intl accepts every letter case: each spelling is a distinct key.
    const spellings = Array.from({ length: 4_096 }, (_, n) =>
      [...'Europe/Lisbon'].map((char, i) => ((n >> i) & 1 ? char.toUpperCase() : char.toLowerCase())).join(''),
    );
    for (const zone of new Set(spellings)) expect(todayInTimeZone(zone, now)).toBe('2026-01-01');
    expect(new Set(spellings).size).toBeGreaterThan(1_000);
    expect(cachedTimeZoneFormatters()).toBeLessThanOrEqual(1_000);
  });
});
