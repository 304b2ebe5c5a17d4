import { describe, expect, it } from 'vitest';
import { addDays, addMonths, isCalendarDate, monthEnd, nightsBetween, today, weekday } from './calendar-date.js';

describe('calendar dates', () => {
  it('adds days and months across month, year and leap-day boundaries', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addMonths('2026-12-01', 1)).toBe('2027-01-01');
    expect(addMonths('2026-01-01', -1)).toBe('2025-12-01');
    expect(monthEnd('2026-02-14')).toBe('2026-02-28');
    expect(nightsBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(weekday('2026-11-23')).toBe(1); // a Monday
  });

  it('tells real calendar dates from look-alikes', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('26-02-01')).toBe(false);
    expect(isCalendarDate(undefined)).toBe(false);
  });

  it("takes today from the guest's own clock", () => {
    expect(today(new Date(2026, 10, 23, 23, 30))).toBe('2026-11-23');
  });
});
