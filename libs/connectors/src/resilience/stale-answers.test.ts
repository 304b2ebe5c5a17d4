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

  it('looks no deeper than a chain answer’s rates (each rate’s nights are not counted)', () => {
    const nights = { ratePlanCode: 'FLEX', nights: [1, 2, 3, 4, 5] };
    expect(weightOf({ properties: [{ propertyCode: 'MEGA001', rates: [nights, nights] }], failures: [] })).toBe(1 + 1 + 2);
  });

  it('counts map entries (review counts of many properties) and leaves errors unwalked', () => {
    expect(weightOf(new Map([['A', 1], ['B', 2]]))).toBe(3);
    expect(weightOf({ properties: [], failures: [{ propertyCode: 'A', error: Object.assign(new Error('down'), { rows: [1, 2, 3] }) }] })).toBe(2);
  });
});

describe('StaleAnswers', () => {
  it('refreshes the very same answer in place: kept as long again, with its new time', async () => {
    const kept = new StaleAnswers({ ttlMs: 600, maxItems: 50 });
    const answer = property('ACME001', 3);
    kept.remember(chainCall('2027-01-10'), answer);
    const firstTime = kept.recall(chainCall('2027-01-10'))?.keptAt ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 400));
    kept.remember(chainCall('2027-01-10'), answer);
    expect(kept.recall(chainCall('2027-01-10'))?.keptAt).toBeGreaterThan(firstTime);
    await new Promise((resolve) => setTimeout(resolve, 400));
    // 800 ms after the first remember, past its 600 ms: still kept, as the refresh restarted its time.
    expect(kept.recall(chainCall('2027-01-10'))?.value).toBe(answer);
  });

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

describe('weightOf, the same answer again', () => {
  it('walks an answer once, however often it is handed back', () => {
    let walks = 0;
    const answer = new Proxy(
      { properties: [property('XL00001', 3)], failures: [] },
      {
        ownKeys(target) {
          walks++;
          return Reflect.ownKeys(target);
        },
      },
    );
    const kept = new StaleAnswers({ ttlMs: 60_000, maxItems: 10 });
    kept.remember(chainCall('2027-01-10'), answer);
    // A heavier answer pushes it out; handed back, it is kept again at the same weight, not walked again.
    kept.remember(chainCall('2027-01-11'), { properties: [property('MEGA001', 8)], failures: [] });
    kept.remember(chainCall('2027-01-10'), answer);
    expect(kept.recall(chainCall('2027-01-10'))?.value).toBe(answer);
    expect(walks).toBe(1);
  });
});
