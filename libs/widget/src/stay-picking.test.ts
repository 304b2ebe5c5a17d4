import { describe, expect, it } from 'vitest';
import type { PriceCalendarDay } from './api/availability-api.js';
import { isPickable, minimumStay } from './stay-picking.js';

/** Days shaped as `GET /v1/availability/calendar` answers them. */
function calendar(...days: Partial<PriceCalendarDay>[]): Map<string, PriceCalendarDay> {
  return new Map(
    days.map((day, i) => {
      const date = `2026-12-${String(i + 1).padStart(2, '0')}`;
      const bookable = day.bookable ?? true;
      return [date, { date, bookable, price: bookable ? 100 : null, minStay: bookable ? 1 : null, closedToArrival: false, ...day }];
    }),
  );
}

describe('picking an arrival', () => {
  const days = calendar({}, { bookable: false }, { closedToArrival: true }, {});
  const context = { today: '2026-12-01', days };

  it('takes bookable days open to arrival, from today', () => {
    expect(isPickable('2026-12-01', context)).toBe(true);
    expect(isPickable('2026-12-04', context)).toBe(true);
    expect(isPickable('2026-11-30', context)).toBe(false);
  });

  it('refuses closed days and days closed to arrival', () => {
    expect(isPickable('2026-12-02', context)).toBe(false);
    expect(isPickable('2026-12-03', context)).toBe(false);
  });

  it('takes a day not bookable for one night only because its minimum stay is longer', () => {
    const days = calendar({ bookable: false, minStay: 3 }, { bookable: false, minStay: 3, closedToArrival: true }, { bookable: false, minStay: 1 });
    const context = { today: '2026-12-01', days };
    expect(isPickable('2026-12-01', context)).toBe(true);
    expect(isPickable('2026-12-02', context)).toBe(false);
    expect(isPickable('2026-12-03', context)).toBe(false);
  });

  it('does not hold days the calendar has not loaded against the guest', () => {
    expect(isPickable('2027-01-15', context)).toBe(true);
  });
});

describe('picking a departure', () => {
  it("keeps the arrival day's minimum stay", () => {
    const days = calendar({ minStay: 3 }, {}, {}, {}, {});
    const context = { today: '2026-12-01', days, arrival: '2026-12-01' };
    expect(minimumStay('2026-12-01', days)).toBe(3);
    expect(isPickable('2026-12-01', context)).toBe(false);
    expect(isPickable('2026-12-03', context)).toBe(false);
    expect(isPickable('2026-12-04', context)).toBe(true);
  });

  it('never crosses a night that cannot be sold, though the departure day itself may be closed', () => {
    const days = calendar({}, {}, { bookable: false }, {});
    const context = { today: '2026-12-01', days, arrival: '2026-12-01' };
    expect(isPickable('2026-12-03', context)).toBe(true);
    expect(isPickable('2026-12-04', context)).toBe(false);
  });

  it('passes through nights sold only within longer stays', () => {
    const days = calendar({}, { bookable: false, minStay: 3 }, { bookable: false, minStay: 3 }, {});
    const context = { today: '2026-12-01', days, arrival: '2026-12-01' };
    expect(isPickable('2026-12-04', context)).toBe(true);
    expect(minimumStay('2026-12-02', days)).toBe(3);
  });

  it('allows at most 30 nights', () => {
    const context = { today: '2026-12-01', days: calendar({}), arrival: '2026-12-01' };
    expect(isPickable('2026-12-31', context)).toBe(true);
    expect(isPickable('2027-01-01', context)).toBe(false);
  });

  it('counts a missing or null minimum stay as one night', () => {
    expect(minimumStay('2026-12-01', calendar({ minStay: null }))).toBe(1);
    expect(minimumStay('2026-12-09', calendar({}))).toBe(1);
  });
});
