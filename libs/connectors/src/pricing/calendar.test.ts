import { describe, expect, it } from 'vitest';
import { calendarDateOf, firstDayOfMonth, formatIsoDate, monthOf, parseIsoDate, todayIn } from './calendar.js';

describe('calendar dates', () => {
  it('round-trips strict yyyy-MM-dd dates', () => {
    expect(parseIsoDate('1970-01-01')).toBe(0);
    expect(formatIsoDate(parseIsoDate('2028-02-29'))).toBe('2028-02-29');
  });

  it.each(['2026-02-30', '2026-13-01', '2026-1-5', '26-01-05', '2026-01-05T00:00:00Z'])('rejects %s, every time', (text) => {
    expect(() => parseIsoDate(text)).toThrow(RangeError);
    expect(() => parseIsoDate(text)).toThrow(RangeError);
  });

  it('gives a date parsed before the same day, also after more dates than it keeps', () => {
    const first = parseIsoDate('2027-06-15');
    for (let day = 0; day < 5_000; day++) expect(parseIsoDate(formatIsoDate(day))).toBe(day);
    expect(parseIsoDate('2027-06-15')).toBe(first);
    expect(formatIsoDate(first)).toBe('2027-06-15');
  });

  it('knows weekdays and months', () => {
    expect(calendarDateOf(parseIsoDate('2026-05-15'))).toEqual({ year: 2026, month: 5, dayOfMonth: 15, weekday: 5 });
    expect(monthOf(parseIsoDate('2026-12-31'))).toEqual({ year: 2026, month: 12 });
    expect(formatIsoDate(firstDayOfMonth({ year: 2026, month: 11 }, 3))).toBe('2027-02-01');
  });

  it('tells "today" in the time zone asked', () => {
    const instant = new Date('2026-03-01T23:30:00Z');
    expect(formatIsoDate(todayIn('Asia/Tokyo', instant))).toBe('2026-03-02');
    expect(formatIsoDate(todayIn('Europe/Lisbon', instant))).toBe('2026-03-01');
    expect(formatIsoDate(todayIn('America/New_York', new Date('2026-03-01T03:00:00Z')))).toBe('2026-02-28');
  });
});
