import { describe, expect, it } from 'vitest';
import { createSandboxConnectors } from './create-sandbox-connectors.js';

const NOW = new Date('2026-03-01T10:00:00Z');
const STAY = { checkIn: '2026-04-10', checkOut: '2026-04-12', adults: 2, children: 0 };

describe('sandbox shopHistory', () => {
  it('keeps one collection a day for the last 30 days, oldest first, none after now', async () => {
    const { rateShopper } = createSandboxConnectors({ now: () => NOW });
    const history = await rateShopper.shopHistory('ACME001', STAY);
    expect(history).toHaveLength(30);
    expect(history[0].collectedAt.toISOString()).toBe('2026-01-31T06:00:00.000Z');
    expect(history.at(-1)?.collectedAt.toISOString()).toBe('2026-03-01T06:00:00.000Z');
    const latest = await rateShopper.shop('ACME001', STAY);
    // The same rooms and rates as today's shop, at prices that moved from day to day.
    for (const collection of history) expect(collection.rates.map((r) => r.ratePlanCode + r.roomCode)).toEqual(latest.rates.map((r) => r.ratePlanCode + r.roomCode));
    expect(new Set(history.map((collection) => collection.rates[0].total)).size).toBeGreaterThan(10);
  });

  it('is deterministic and honours since', async () => {
    const first = await createSandboxConnectors({ now: () => NOW }).rateShopper.shopHistory('BLUE001', STAY);
    const second = await createSandboxConnectors({ now: () => NOW }).rateShopper.shopHistory('BLUE001', STAY);
    expect(second).toEqual(first);
    const since = await createSandboxConnectors({ now: () => NOW }).rateShopper.shopHistory('BLUE001', { ...STAY, since: new Date('2026-02-27T00:00:00Z') });
    expect(since).toEqual(first.slice(-3));
  });
});
