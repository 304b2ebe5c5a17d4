import { describe, expect, it } from 'vitest';
import { seasonInMonth, seasonOf } from './season.js';

const LISBON = 38.72;
const SYDNEY = -33.87;

describe('seasonOf', () => {
  it.each([
    ['2026-12-01', 'WINTER', 'SUMMER'],
    ['2026-01-15', 'WINTER', 'SUMMER'],
    ['2026-02-28', 'WINTER', 'SUMMER'],
    ['2028-02-29', 'WINTER', 'SUMMER'],
    ['2026-03-01', 'SPRING', 'AUTUMN'],
    ['2026-05-31', 'SPRING', 'AUTUMN'],
    ['2026-06-01', 'SUMMER', 'WINTER'],
    ['2026-08-31', 'SUMMER', 'WINTER'],
    ['2026-09-01', 'AUTUMN', 'SPRING'],
    ['2026-11-30', 'AUTUMN', 'SPRING'],
  ])('on %s is %s in the north and %s in the south', (date, north, south) => {
    expect(seasonOf(date, LISBON)).toBe(north);
    expect(seasonOf(date, SYDNEY)).toBe(south);
  });

  it('counts the equator, and negative zero, as north', () => {
    expect(seasonOf('2026-07-10', 0)).toBe('SUMMER');
    expect(seasonOf('2026-07-10', -0)).toBe('SUMMER');
    expect(seasonOf('2026-07-10', -0.0001)).toBe('WINTER');
  });

  it.each(['2026-13-01', '2026-00-10', '2026-1-05', '2026-ab-01', '', '2026-07-10T00:00:00Z'])('rejects %j', (date) => {
    expect(() => seasonOf(date, LISBON)).toThrow(RangeError);
  });
});

describe('seasonInMonth', () => {
  it('agrees with seasonOf for every month in both hemispheres', () => {
    for (let month = 1; month <= 12; month++) {
      const date = `2026-${String(month).padStart(2, '0')}-15`;
      expect(seasonInMonth(month, 40)).toBe(seasonOf(date, 40));
      expect(seasonInMonth(month, -33)).toBe(seasonOf(date, -33));
    }
  });

  it('refuses a month outside 1..12', () => {
    expect(() => seasonInMonth(13, 10)).toThrow(RangeError);
    expect(() => seasonInMonth(0, 10)).toThrow(RangeError);
  });
});
