import { describe, expect, it } from 'vitest';
import { addDays, chartTime, isoDate } from './dates.js';

describe('calendar dates', () => {
  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
  it('writes a local date as the API does and charts it at noon', () => {
    expect(isoDate(new Date(2026, 10, 5))).toBe('2026-11-05');
    expect(new Date(chartTime('2026-11-05') * 1000).getHours()).toBe(12);
  });
});
