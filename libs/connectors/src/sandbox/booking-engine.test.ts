import type { AvailabilityStatus } from '@hotelapi/domain';
import { describe, expect, it } from 'vitest';
import { PropertyNotFoundError } from '../errors.js';
import type { AvailabilityRequest, RoomRateAvailability } from '../ports/booking-engine.js';
import { formatIsoDate, parseIsoDate } from '../pricing/calendar.js';
import { createSandboxConnectors } from './create-sandbox-connectors.js';

const NOW = new Date('2026-03-01T10:00:00Z');
const { bookingEngine, catalog } = createSandboxConnectors({ now: () => NOW });
const ACME = Array.from({ length: 40 }, (_, index) => `ACME${String(index + 1).padStart(3, '0')}`);

/** A stay of `nights` nights from `checkIn`, for two adults unless told otherwise. */
function stay(checkIn: string, nights = 1, occupancy: Partial<AvailabilityRequest> = {}): AvailabilityRequest {
  const checkOut = formatIsoDate(parseIsoDate(checkIn) + nights);
  return { checkIn, checkOut, adults: 2, children: 0, ...occupancy };
}

/** The direct total of one room and rate, as seen from the clock `now`. */
async function totalOf(code: string, request: AvailabilityRequest, now = NOW, roomCode = 'DBL', ratePlanCode = 'FLEX'): Promise<number> {
  const { rates } = await createSandboxConnectors({ now: () => now }).bookingEngine.getAvailability(code, request);
  const rate = rates.find((candidate) => candidate.roomCode === roomCode && candidate.ratePlanCode === ratePlanCode);
  if (!rate) throw new Error(`${code} has no ${roomCode}/${ratePlanCode}`);
  return rate.total;
}

/** `days` days before the night, at the same hour. */
function daysBefore(night: string, days: number): Date {
  return new Date(NOW.getTime() + (parseIsoDate(night) - days - parseIsoDate('2026-03-01')) * 86_400_000);
}

describe('sandbox prices', () => {
  it('make Friday nights dearer than Tuesday nights in city hotels', async () => {
    for (const code of ['ACME001', 'ACME002', 'ACME003', 'ACME004']) {
      expect(await totalOf(code, stay('2026-05-15')), code).toBeGreaterThan(await totalOf(code, stay('2026-05-12')));
    }
  });

  it('follow the local season, flipped in the southern hemisphere', async () => {
    // The same lead time for both nights, so only the season differs.
    const july = (code: string) => totalOf(code, stay('2026-07-14'), daysBefore('2026-07-14', 40));
    const january = (code: string) => totalOf(code, stay('2027-01-12'), daysBefore('2027-01-12', 40));
    expect(await july('ACME001')).toBeGreaterThan(await january('ACME001')); // Lisbon
    expect(await july('ACME005')).toBeLessThan(await january('ACME005')); // Sydney
  });

  it('charge last-minute and far-ahead bookings more than advance ones', async () => {
    const night = stay('2026-06-10');
    const lastMinute = await totalOf('ACME001', night, daysBefore('2026-06-10', 1));
    const advance = await totalOf('ACME001', night, daysBefore('2026-06-10', 40));
    const farAhead = await totalOf('ACME001', night, daysBefore('2026-06-10', 220));
    expect(lastMinute).toBeGreaterThan(farAhead);
    expect(farAhead).toBeGreaterThan(advance);
  });

  it('grow with occupancy and multiply by rooms', async () => {
    const night = '2026-04-21';
    const single = await totalOf('ACME001', stay(night, 1, { adults: 1 }));
    const couple = await totalOf('ACME001', stay(night, 1, { adults: 2 }));
    const withChild = await totalOf('ACME001', stay(night, 1, { adults: 2, children: 1 }));
    const twoRooms = await totalOf('ACME001', stay(night, 1, { adults: 4, rooms: 2 }));
    expect(single).toBeLessThan(couple);
    expect(withChild).toBeGreaterThan(couple);
    expect(twoRooms).toBeCloseTo(2 * couple, 1);
    expect(await totalOf('ACME001', stay(night, 1, { adults: 2, infants: 1 }))).toBe(couple);
  });

  it('offer no room the party does not fit', async () => {
    const property = await catalog.getProperty('ACME001');
    const { rates } = await bookingEngine.getAvailability('ACME001', stay('2026-04-21', 1, { adults: 3 }));
    const offered = new Set(rates.map((rate) => rate.roomCode));
    for (const room of property?.rooms ?? []) {
      expect(offered.has(room.code), room.code).toBe(room.active && room.maxAdults >= 3 && room.maxOccupancy >= 3);
    }
  });

  it('sell non-refundable rates 10% under the flexible rate and members 8% under the public price', async () => {
    let compared = 0;
    for (const code of ACME) {
      const { rates } = await bookingEngine.getAvailability(code, stay('2026-04-21', 2));
      for (const rate of rates) {
        const flexible = rates.find((candidate) => candidate.roomCode === rate.roomCode && candidate.ratePlanCode === 'FLEX');
        if (rate.ratePlanCode === 'NREF' && flexible) {
          expect(rate.total / flexible.total).toBeCloseTo(0.9, 3);
          compared++;
        }
        if (rate.ratePlanCode === 'MEMBER') expect((rate.memberTotal ?? 0) / rate.total).toBeCloseTo(0.92, 3);
        else expect(rate.memberTotal).toBeUndefined();
        expect(rate.discount).toBeGreaterThanOrEqual(0);
      }
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('round to the currency’s minor units and add city tax per adult and night as excluded charges', async () => {
    const tokyo = await bookingEngine.getAvailability('ACME007', stay('2026-04-21', 3));
    expect(tokyo.currency).toBe('JPY');
    for (const rate of tokyo.rates) {
      expect(Number.isInteger(rate.total)).toBe(true);
      expect(rate.excludedCharges).toBe(200 * 2 * 3);
    }
    const lisbon = await bookingEngine.getAvailability('ACME001', stay('2026-04-21', 3));
    for (const rate of lisbon.rates) expect(Math.round(rate.total * 100)).toBeCloseTo(rate.total * 100, 6);
    expect(lisbon.rates[0].excludedCharges).toBe(4 * 2 * 3);
  });
});

describe('sandbox availability', () => {
  it('reports AVL, MINSTAY, CLOSED and SOLDOUT somewhere in ACME, each for its reason', async () => {
    const seen = new Set<AvailabilityStatus>();
    const check = (rate: RoomRateAvailability, nights: number) => {
      seen.add(rate.status);
      if (rate.status === 'SOLDOUT') expect(rate.remaining).toBe(0);
      if (rate.status === 'MINSTAY') expect(rate.minStay).toBeGreaterThan(nights);
      if (rate.status === 'AVL') expect(rate.remaining).toBeGreaterThan(0);
      expect(rate.remaining).toBeLessThanOrEqual(9);
    };
    for (const code of ACME) {
      for (const [checkIn, nights] of [['2026-05-15', 1], ['2026-06-02', 3], ['2026-12-29', 2]] as const) {
        const { rates } = await bookingEngine.getAvailability(code, stay(checkIn, nights));
        for (const rate of rates) check(rate, nights);
      }
    }
    expect([...seen].sort()).toEqual(['AVL', 'CLOSED', 'MINSTAY', 'SOLDOUT']);
  });

  it('closes every rate for a stay starting before today at the property', async () => {
    const { rates } = await bookingEngine.getAvailability('ACME001', stay('2026-02-27', 3));
    expect(rates.length).toBeGreaterThan(0);
    expect(rates.every((rate) => rate.status === 'CLOSED')).toBe(true);
  });

  it('offers nothing for a stay longer than the property sells', async () => {
    const property = await catalog.getProperty('ACME001');
    const nightsMax = property?.nightsMax ?? 0;
    expect((await bookingEngine.getAvailability('ACME001', stay('2026-04-01', nightsMax))).rates.length).toBeGreaterThan(0);
    expect((await bookingEngine.getAvailability('ACME001', stay('2026-04-01', nightsMax + 1))).rates).toEqual([]);
  });

  it('throws PropertyNotFoundError for an unknown property', async () => {
    await expect(bookingEngine.getAvailability('ACME041', stay('2026-04-21'))).rejects.toBeInstanceOf(PropertyNotFoundError);
    await expect(bookingEngine.getLowestMonthlyRates('NOPE', '2026-04-01', 12)).rejects.toMatchObject({
      code: 'property_not_found',
      propertyCode: 'NOPE',
    });
  });

  it('answers a chain search with the cheapest bookable room of each rate plan, exactly as getAvailability quotes it', async () => {
    /** The rule of the port, applied to every quote of the property. */
    const cheapestPerPlan = (rates: readonly RoomRateAvailability[]) => {
      const cheapest = new Map<string, RoomRateAvailability>();
      for (const rate of rates.filter((candidate) => candidate.status === 'AVL')) {
        const best = cheapest.get(rate.ratePlanCode);
        if (!best || rate.total < best.total || (rate.total === best.total && rate.roomCode < best.roomCode)) cheapest.set(rate.ratePlanCode, rate);
      }
      return [...cheapest.values()].sort((a, b) => a.ratePlanCode.localeCompare(b.ratePlanCode));
    };
    let compared = 0;
    for (const [checkIn, nights, occupancy] of [
      ['2026-02-28', 2, {}],
      ['2026-05-15', 1, {}],
      ['2026-06-02', 3, { adults: 1 }],
      ['2026-07-10', 4, { adults: 3, children: 1, rooms: 2 }],
      ['2026-12-29', 2, { adults: 2, children: 2 }],
    ] as const) {
      const request = stay(checkIn, nights, occupancy);
      const chain = await bookingEngine.getChainAvailability([...ACME, 'NOPE'], request);
      expect(chain.properties.map((property) => property.propertyCode)).toEqual(ACME);
      for (const property of chain.properties) {
        const { rates } = await bookingEngine.getAvailability(property.propertyCode, request);
        const shown = [...property.rates].sort((a, b) => a.ratePlanCode.localeCompare(b.ratePlanCode));
        expect(shown).toEqual(cheapestPerPlan(rates));
        compared += shown.length;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('refuses a check-out that is not after check-in', async () => {
    await expect(bookingEngine.getAvailability('ACME001', { checkIn: '2026-04-21', checkOut: '2026-04-21', adults: 2, children: 0 })).rejects.toThrow(
      RangeError,
    );
  });
});

describe('sandbox lowest monthly rates', () => {
  it('gives twelve consecutive months, each with a night inside it and not before `from`', async () => {
    const months = await bookingEngine.getLowestMonthlyRates('ACME001', '2026-03-15', 12);
    expect(months).toHaveLength(12);
    months.forEach((entry, index) => {
      const expectedMonth = ((2 + index) % 12) + 1;
      expect(entry.month).toBe(expectedMonth);
      expect(entry.year).toBe(expectedMonth >= 3 ? 2026 : 2027);
      expect(entry.day.startsWith(`${entry.year}-${String(entry.month).padStart(2, '0')}-`)).toBe(true);
      expect(entry.rate).toBeGreaterThan(0);
      expect(entry.minStay).toBeGreaterThanOrEqual(1);
    });
    expect(months[0].day >= '2026-03-15').toBe(true);
  });

  it('is the cheapest bookable one-night rate for two adults of the month', async () => {
    const [march] = await bookingEngine.getLowestMonthlyRates('ACME001', '2026-03-01', 1);
    let cheapest = Number.POSITIVE_INFINITY;
    for (let day = parseIsoDate('2026-03-01'); day < parseIsoDate('2026-04-01'); day++) {
      const { rates } = await bookingEngine.getAvailability('ACME001', stay(formatIsoDate(day)));
      for (const rate of rates) if (rate.status === 'AVL' || rate.status === 'MINSTAY') cheapest = Math.min(cheapest, rate.total);
    }
    expect(march.rate).toBe(cheapest);
    const { rates } = await bookingEngine.getAvailability('ACME001', stay(march.day));
    expect(rates.some((rate) => rate.total === march.rate && rate.minStay === march.minStay)).toBe(true);
  });
});
