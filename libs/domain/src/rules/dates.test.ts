import { describe, expect, it } from 'vitest';
import { addDays, dayOfWeek, daysBetween, eachNight, isCalendarDate, nightsBetween } from './dates.js';

const MS_PER_DAY = 86_400_000;

describe('isCalendarDate', () => {
  it('accepts real dates, leap days of leap years included', () => {
    expect(isCalendarDate('2026-01-01')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('2026-12-31')).toBe(true);
  });

  const impossibleDays = ['2026-02-29', '1900-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-01', '2026-01-00'];
  const otherFormats = ['2026-1-01', '26-01-01', '2026/01/01', '2026-01-01T00:00', '２０２６-01-01', ''];
  it.each([...impossibleDays, ...otherFormats])('rejects %j', (value) => {
    expect(isCalendarDate(value)).toBe(false);
  });
});

describe('addDays', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-11-21', 365)).toBe('2027-11-21');
  });

  it('goes backwards for negative days and stays put for zero', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2026-05-05', 0)).toBe('2026-05-05');
  });

  it('ignores daylight-saving changes: a day is a calendar day', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
  });

  it('agrees with Date.UTC for every day from 1900 to 2200', () => {
    const mismatches: string[] = [];
    for (let ms = Date.UTC(1900, 0, 1); ms < Date.UTC(2200, 0, 1); ms += MS_PER_DAY) {
      const today = new Date(ms).toISOString().slice(0, 10);
      const tomorrow = new Date(ms + MS_PER_DAY).toISOString().slice(0, 10);
      if (addDays(today, 1) !== tomorrow) mismatches.push(today);
    }
    expect(mismatches).toEqual([]);
  });

  it('refuses fractional days and malformed dates', () => {
    expect(() => addDays('2026-01-01', 1.5)).toThrow(RangeError);
    expect(() => addDays('2026-02-30', 1)).toThrow('Not a calendar date (yyyy-MM-dd): "2026-02-30"');
  });

  it('stays within four-digit years', () => {
    expect(addDays('0000-01-01', 0)).toBe('0000-01-01');
    expect(addDays('9999-12-30', 1)).toBe('9999-12-31');
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
    expect(() => addDays('0000-01-01', -1)).toThrow(RangeError);
  });
});

describe('daysBetween and nightsBetween', () => {
  it('counts calendar days, across leap years', () => {
    expect(daysBetween('2026-11-21', '2027-11-21')).toBe(365);
    expect(daysBetween('2027-11-21', '2028-11-21')).toBe(366);
    expect(nightsBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(nightsBetween('2028-02-28', '2028-03-01')).toBe(2);
  });

  it('is zero or negative when check-out is not after check-in', () => {
    expect(nightsBetween('2026-03-01', '2026-03-01')).toBe(0);
    expect(nightsBetween('2026-03-05', '2026-03-01')).toBe(-4);
  });
});

describe('eachNight', () => {
  it('lists the date of each night, check-out excluded', () => {
    expect(eachNight('2028-02-27', '2028-03-02')).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    expect(eachNight('2026-12-31', '2027-01-01')).toEqual(['2026-12-31']);
  });

  it('is empty when there is no night', () => {
    expect(eachNight('2026-03-01', '2026-03-01')).toEqual([]);
    expect(eachNight('2026-03-05', '2026-03-01')).toEqual([]);
  });

  it('has one entry per night of a 30-night stay', () => {
    const nights = eachNight('2026-12-15', '2027-01-14');
    expect(nights).toHaveLength(30);
    expect(nights[0]).toBe('2026-12-15');
    expect(nights[29]).toBe('2027-01-13');
  });
});

describe('dayOfWeek', () => {
  it('counts from Sunday = 0', () => {
    expect(dayOfWeek('1970-01-01')).toBe(4); // Thursday
    expect(dayOfWeek('2026-11-22')).toBe(0); // Sunday
    expect(dayOfWeek('2026-11-21')).toBe(6); // Saturday
    expect(dayOfWeek('2028-02-29')).toBe(2); // Tuesday
    expect(dayOfWeek('1969-12-31')).toBe(3); // Wednesday, before the epoch
  });

  it('agrees with Date#getUTCDay across four centuries', () => {
    const mismatches: string[] = [];
    for (let ms = Date.UTC(1800, 0, 1); ms < Date.UTC(2200, 0, 1); ms += 13 * MS_PER_DAY) {
      const date = new Date(ms);
      const text = date.toISOString().slice(0, 10);
      if (dayOfWeek(text) !== date.getUTCDay()) mismatches.push(text);
    }
    expect(mismatches).toEqual([]);
  });
});
