import { describe, expect, it } from 'vitest';
import { distinctShopperRequests, EVERY_PROPERTY, take } from './distinct-shopper.js';

const parts = (path: string) => {
  const url = new URL(path, 'https://bench.invalid');
  const [checkIn, checkOut, currency] = ['checkIn', 'checkOut', 'currency'].map((name) => url.searchParams.get(name) ?? '');
  return { property: url.pathname, checkIn, checkOut, currency };
};

describe('distinct shopper requests', () => {
  const requests = take(distinctShopperRequests(), 30_000).map(({ path }) => parts(path));

  it('never asks a property for the same check-in twice, so no URL repeats', () => {
    expect(new Set(requests.map(({ property, checkIn }) => `${property} ${checkIn}`)).size).toBe(requests.length);
  });

  it('changes property, stay and currency from one request to the next', () => {
    for (let index = 1; index < requests.length; index++) {
      const [before, now] = [requests[index - 1], requests[index]];
      expect(now.property).not.toBe(before.property);
      expect(`${now.checkIn} ${now.checkOut}`).not.toBe(`${before.checkIn} ${before.checkOut}`);
      expect(now.currency).not.toBe(before.currency);
    }
  });

  it('asks every property, for 1 to 7 nights', () => {
    expect(new Set(requests.map(({ property }) => property)).size).toBe(EVERY_PROPERTY.length);
    const nights = requests.map(({ checkIn, checkOut }) => (Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000);
    expect(Math.min(...nights)).toBe(1);
    expect(Math.max(...nights)).toBe(7);
  });

  it('skips the stays other figures ask, in any currency', () => {
    const [first] = take(distinctShopperRequests(), 1);
    const next = take(distinctShopperRequests([{ method: 'GET', path: first.path.replace(/&currency=\w+/, '') }]), 1)[0];
    expect(parts(next.path).property).not.toBe(parts(first.path).property);
  });
});
