import { describe, expect, it } from 'vitest';
import type { ArrivalCalendarRequest } from '../ports/booking-engine.js';
import { formatIsoDate, parseIsoDate } from '../pricing/calendar.js';
import { createSandboxConnectors } from './create-sandbox-connectors.js';

const NOW = new Date('2026-03-01T10:00:00Z');
const { bookingEngine } = createSandboxConnectors({ now: () => NOW });

/**
 * The calendar is computed set-based, apart from `getAvailability`; every one of its dates must
 * still say exactly what availability says for that stay.
 */
describe('sandbox getArrivalCalendar', () => {
  const cases: [string, string, ArrivalCalendarRequest][] = [
    ['one night, two adults', 'ACME001', { from: '2026-02-25', to: '2026-06-10', nights: 1, adults: 2, children: 0 }],
    ['three nights with children, over New Year', 'ACME017', { from: '2026-12-20', to: '2027-01-10', nights: 3, adults: 2, children: 2 }],
    ['three adults in two rooms', 'BLUE002', { from: '2026-07-01', to: '2026-08-31', nights: 2, adults: 3, children: 0, rooms: 2 }],
    ['a stay longer than the property sells', 'ACME003', { from: '2026-04-01', to: '2026-04-03', nights: 40, adults: 2, children: 0 }],
  ];

  it.each(cases)('%s: every date agrees with getAvailability', async (_name, code, request) => {
    const calendar = await bookingEngine.getArrivalCalendar(code, request);
    const first = parseIsoDate(request.from);
    expect(calendar.map((entry) => entry.date)).toEqual(
      Array.from({ length: parseIsoDate(request.to) - first + 1 }, (_, offset) => formatIsoDate(first + offset)),
    );
    for (const entry of calendar) {
      const checkOut = formatIsoDate(parseIsoDate(entry.date) + request.nights);
      const { rates } = await bookingEngine.getAvailability(code, { ...request, checkIn: entry.date, checkOut });
      const bookable = rates.filter((rate) => rate.status === 'AVL').map((rate) => rate.total);
      expect(entry.lowestTotal, entry.date).toBe(bookable.length > 0 ? Math.min(...bookable) : null);
      if (rates.length > 0 && entry.minStay !== null) expect(entry.minStay).toBe(rates[0].minStay);
    }
  });

  it('lists past dates as closed to arrival and sells nothing on them', async () => {
    const calendar = await bookingEngine.getArrivalCalendar('ACME001', { from: '2026-02-20', to: '2026-02-27', nights: 1, adults: 2, children: 0 });
    expect(calendar.every((entry) => entry.closedToArrival && entry.lowestTotal === null && entry.minStay === null)).toBe(true);
  });

  it('reports a minimum stay longer than the stay asked for as not bookable, with the minimum', async () => {
    const calendar = await bookingEngine.getArrivalCalendar('ACME001', { from: '2026-12-28', to: '2026-12-31', nights: 1, adults: 2, children: 0 });
    for (const entry of calendar) {
      expect(entry.minStay).toBeGreaterThanOrEqual(3);
      expect(entry.lowestTotal).toBeNull();
    }
  });

  it('refuses an inverted range and unknown properties', async () => {
    await expect(bookingEngine.getArrivalCalendar('ACME001', { from: '2026-04-02', to: '2026-04-01', nights: 1, adults: 2, children: 0 })).rejects.toThrow(RangeError);
    await expect(bookingEngine.getArrivalCalendar('NOPE', { from: '2026-04-01', to: '2026-04-01', nights: 1, adults: 2, children: 0 })).rejects.toThrow();
  });
});
