import { describe, expect, it } from 'vitest';
import type { PortCall } from '../intercept-ports.js';
import { StaleAnswers, weightOf } from './stale-answers.js';

const rates = (count: number) => Array.from({ length: count }, (_, n) => ({ ratePlanCode: `RP${n}`, total: 100 + n }));
const property = (code: string, rateCount: number) => ({ propertyCode: code, currency: 'EUR', rates: rates(rateCount) });
const chainCall = (checkIn: string): PortCall => ({
  port: 'bookingEngine',
  method: 'getChainAvailability',
  args: [['MEGA001', 'MEGA002'], { checkIn }],
  invoke: () => Promise.resolve(undefined),
});

describe('weightOf', () => {
  it('weighs a property answer one plus its rates', () => {
    expect(weightOf(property('ACME001', 3))).toBe(4);
  });

  it('weighs a chain answer as its properties and all their rates, not as one list', () => {
    const chain = { properties: [property('MEGA001', 3), property('MEGA002', 5)], failures: [] };
    expect(weightOf(chain)).toBe(1 + 2 + 3 + 5);
  });

  it('counts map entries (review counts of many properties) and leaves errors unwalked', () => {
    expect(weightOf(new Map([['A', 1], ['B', 2]]))).toBe(3);
    expect(weightOf({ properties: [], failures: [{ propertyCode: 'A', error: Object.assign(new Error('down'), { rows: [1, 2, 3] }) }] })).toBe(2);
  });
});

describe('StaleAnswers', () => {
  it('keeps no more chain answers than their rates allow', () => {
    const kept = new StaleAnswers({ ttlMs: 60_000, maxItems: 50 });
    const answer = { properties: [property('MEGA001', 10), property('MEGA002', 10)], failures: [] };
    kept.remember(chainCall('2027-01-10'), answer);
    kept.remember(chainCall('2027-01-11'), answer);
    kept.remember(chainCall('2027-01-12'), answer);
    // Each weighs 23: two fit in 50, the oldest went first.
    expect(kept.recall(chainCall('2027-01-10'))).toBeUndefined();
    expect(kept.recall(chainCall('2027-01-11'))?.value).toBe(answer);
    expect(kept.recall(chainCall('2027-01-12'))?.value).toBe(answer);
  });
});
