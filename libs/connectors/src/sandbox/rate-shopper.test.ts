import { describe, expect, it } from 'vitest';
import { PropertyNotFoundError } from '../errors.js';
import { createSandboxConnectors } from './create-sandbox-connectors.js';

const NOW = new Date('2026-03-01T10:00:37Z');
const { rateShopper, bookingEngine, catalog } = createSandboxConnectors({ now: () => NOW });
const STAY = { checkIn: '2026-04-21', checkOut: '2026-04-24', adults: 2, children: 0 };
const ACME = Array.from({ length: 40 }, (_, index) => `ACME${String(index + 1).padStart(3, '0')}`);

describe('sandbox rate shopper', () => {
  it('shops exactly the bookable rooms and rates, at their direct totals', async () => {
    const shopped = await rateShopper.shop('ACME001', STAY);
    const availability = await bookingEngine.getAvailability('ACME001', STAY);
    const bookable = availability.rates.filter((rate) => rate.status === 'AVL');
    expect(shopped.currency).toBe(availability.currency);
    expect(shopped.rates.map(({ roomCode, ratePlanCode, total }) => ({ roomCode, ratePlanCode, total }))).toEqual(
      bookable.map(({ roomCode, ratePlanCode, total }) => ({ roomCode, ratePlanCode, total })),
    );
  });

  it('prices channels around the direct rate: agencies both cheaper and dearer, reservation systems near parity', async () => {
    let cheaper = 0;
    let dearer = 0;
    for (const code of ACME) {
      for (const rate of (await rateShopper.shop(code, STAY)).rates) {
        for (const [channel, price] of Object.entries(rate.channels)) {
          const offset = price / rate.total - 1;
          if (channel.startsWith('CRS')) expect(Math.abs(offset)).toBeLessThanOrEqual(0.011);
          else {
            expect(offset).toBeGreaterThanOrEqual(-0.081);
            expect(offset).toBeLessThanOrEqual(0.121);
          }
          if (price < rate.total) cheaper++;
          if (price > rate.total) dearer++;
        }
      }
    }
    expect(cheaper).toBeGreaterThan(50);
    expect(dearer).toBeGreaterThan(50);
  });

  it('leaves channels out where they do not sell the property or the rate, and member rates off agencies', async () => {
    const shops = await Promise.all(ACME.map((code) => rateShopper.shop(code, STAY)));
    const channelCounts = shops.flatMap((shop) => shop.rates.map((rate) => Object.keys(rate.channels).length));
    expect(Math.min(...channelCounts)).toBeLessThan(11);
    for (const shop of shops) {
      for (const rate of shop.rates.filter(({ ratePlanCode }) => ratePlanCode === 'MEMBER')) {
        expect(Object.keys(rate.channels).every((channel) => channel.startsWith('CRS'))).toBe(true);
      }
    }
  });

  it('moves all rates of a stay together on a channel', async () => {
    const { rates } = await rateShopper.shop('ACME001', STAY);
    const offsets = rates.filter((rate) => rate.channels.CRS_01 !== undefined).map((rate) => (rate.channels.CRS_01 ?? 0) / rate.total);
    expect(Math.max(...offsets) - Math.min(...offsets)).toBeLessThan(0.001);
  });

  it('dates the collection 5 to 55 minutes before now, to the minute, the same on every call', async () => {
    const { collectedAt } = await rateShopper.shop('ACME001', STAY);
    const minutesAgo = (NOW.getTime() - (collectedAt?.getTime() ?? 0)) / 60_000;
    expect(minutesAgo).toBeGreaterThanOrEqual(5);
    expect(minutesAgo).toBeLessThanOrEqual(56);
    expect(collectedAt?.getUTCSeconds()).toBe(0);
    expect((await rateShopper.shop('ACME001', STAY)).collectedAt).toEqual(collectedAt);
  });

  it('throws PropertyNotFoundError for an unknown property', async () => {
    expect(await catalog.getProperty('BLUE004')).toBeUndefined();
    await expect(rateShopper.shop('BLUE004', STAY)).rejects.toBeInstanceOf(PropertyNotFoundError);
  });
});
