import { describe, expect, it } from 'vitest';
import { askInBatches, LOOKUPS_AT_ONCE, PROPERTY_NIGHTS_PER_CALL } from './each-property.js';

const codes = (count: number) => Array.from({ length: count }, (_, index) => `XL${String(index + 1).padStart(5, '0')}`);

describe('askInBatches', () => {
  it('asks a chain in calls of PROPERTY_NIGHTS_PER_CALL property nights, a few at once, and joins the answers in order', async () => {
    const asked: number[] = [];
    let running = 0;
    let most = 0;
    const answer = await askInBatches(codes(5_000), 3, async (batch) => {
      asked.push(batch.length);
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return { properties: batch.map((propertyCode) => ({ propertyCode })), failures: [] };
    });
    expect(asked).toEqual([2_000, 2_000, 1_000]);
    expect(most).toBeLessThanOrEqual(LOOKUPS_AT_ONCE);
    expect(answer.properties.map((entry) => entry.propertyCode)).toEqual(codes(5_000));
    expect(answer.failures).toEqual([]);
  });

  it('asks a small chain in one call, and a long range property by property at worst', async () => {
    const sizes = async (count: number, nights: number) => {
      const asked: number[] = [];
      await askInBatches(codes(count), nights, async (batch) => {
        asked.push(batch.length);
        return { properties: [], failures: [] };
      });
      return asked;
    };
    expect(await sizes(500, 12)).toEqual([500]);
    expect(await sizes(3, PROPERTY_NIGHTS_PER_CALL * 2)).toEqual([1, 1, 1]);
  });

  it('makes a failed call a failure of each of its properties, and only of those', async () => {
    const outage = new Error('booking engine timed out');
    const answer = await askInBatches(codes(4_500), 2, async (batch) => {
      if (batch.includes('XL03001')) throw outage;
      return { properties: batch.map((propertyCode) => ({ propertyCode })), failures: [] };
    });
    expect(answer.failures.map((failure) => failure.propertyCode)).toEqual(codes(4_500).slice(3_000));
    expect(answer.failures.every((failure) => failure.error === outage)).toBe(true);
    expect(answer.properties.map((entry) => entry.propertyCode)).toEqual(codes(3_000));
  });
});
