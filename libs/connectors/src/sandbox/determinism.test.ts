import { describe, expect, it } from 'vitest';
import type { Connectors } from '../ports/index.js';
import { createSandboxConnectors } from './create-sandbox-connectors.js';

const NOW = new Date('2026-03-01T10:00:00Z');
const STAY = { checkIn: '2026-04-10', checkOut: '2026-04-13', adults: 2, children: 0 };

/** Everything the ports say about a property for one stay. */
async function snapshotOf(connectors: Connectors, code: string) {
  return {
    property: await connectors.catalog.getProperty(code),
    availability: await connectors.bookingEngine.getAvailability(code, STAY),
    shop: await connectors.rateShopper.shop(code, STAY),
    lowest: await connectors.bookingEngine.getLowestMonthlyRates(code, '2026-03-01', 12),
    reviews: await connectors.reviews.getReviews(code),
  };
}

describe('sandbox determinism', () => {
  it('gives two fresh instances the same data, whatever order they generate in', async () => {
    const first = createSandboxConnectors({ now: () => NOW });
    const second = createSandboxConnectors({ now: () => NOW });
    const codes = ['ACME001', 'ACME024', 'BLUE002', 'MEGA0321'];
    const firstSnapshots = await Promise.all(codes.map((code) => snapshotOf(first, code)));
    const secondSnapshots = await Promise.all([...codes].reverse().map((code) => snapshotOf(second, code)));
    expect(firstSnapshots).toEqual(secondSnapshots.reverse());
  });

  // Pinned values: if one of these changes, the generator changed. Update them only on purpose.
  it('pins the showcase property, a price, a shop and its reviews', async () => {
    const sandbox = createSandboxConnectors({ now: () => NOW });
    const property = await sandbox.catalog.getProperty('ACME001');
    expect(property?.name.en).toBe('ACME Lisbon Bridge');
    expect(property?.rating).toBe(3);
    expect(property?.location).toEqual({ lat: 38.722496, lon: -9.154266 });
    expect(property?.rooms.map((room) => room.code)).toEqual(['DBL', 'TWN', 'SUP', 'FAM', 'JST', 'STE']);
    expect(property?.ratePlans.map((plan) => `${plan.code}/${plan.boardCode}`)).toEqual(['FLEX/12', 'NREF/12', 'MEMBER/12', 'PARTNER/12']);

    const { rates } = await sandbox.bookingEngine.getAvailability('ACME001', STAY);
    expect(rates[0]).toEqual({
      roomCode: 'DBL',
      ratePlanCode: 'FLEX',
      boardCode: 12,
      status: 'AVL',
      remaining: 4,
      minStay: 1,
      total: 480.85,
      discount: 112.8,
      excludedCharges: 24,
    });

    const shop = await sandbox.rateShopper.shop('ACME001', STAY);
    expect(shop.collectedAt?.toISOString()).toBe('2026-03-01T09:13:00.000Z');
    expect(shop.rates[0].channels).toMatchObject({ OTA_05: 537.92, CRS_02: 477.39 });

    const [march] = await sandbox.bookingEngine.getLowestMonthlyRates('ACME001', '2026-03-01', 1);
    expect(march).toEqual({ year: 2026, month: 3, day: '2026-03-25', rate: 122.26, minStay: 1 });

    expect(await sandbox.reviews.countReviews('ACME001')).toEqual({ reviews: 1693 });
    const reviews = await sandbox.reviews.getReviews('ACME001');
    expect(reviews?.reviews[0]).toMatchObject({
      id: 1,
      channel: 'WanderScore',
      score: 3,
      outOfScore: 6,
      name: 'Camille R.',
      dateReviewed: '2023-01-02',
      title: 'Bien, mais pas parfait',
      language: 'fr',
    });
    expect(reviews?.updatedAt.toISOString()).toBe('2025-12-31T00:00:00.000Z');
    expect(reviews?.tripTypes?.all.score).toBe(78);
  });

  it('pins a lazily generated MEGA property', async () => {
    const sandbox = createSandboxConnectors({ now: () => NOW });
    const property = await sandbox.catalog.getProperty('MEGA0500');
    expect([property?.name.en, property?.destination, property?.currency]).toEqual(['MegaStay Paris Riverside', 'Paris', 'EUR']);
    expect(await sandbox.reviews.countReviews('BLUE001')).toEqual({ reviews: 1984 });
  });
});
