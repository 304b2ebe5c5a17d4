import { describe, expect, it } from 'vitest';
import { priceBound, searchParams, toggled, type SearchState } from './search-query.js';

const state: SearchState = {
  destination: '',
  arrival: '2026-12-10',
  departure: '2026-12-13',
  adults: 2,
  children: 1,
  rooms: 1,
  sortBy: 'NAME',
  ratings: [],
  boards: [],
};

describe('searchParams', () => {
  it('sends the stay, party, sort and language, and leaves empty filters out', () => {
    expect(searchParams(state, 'ACME', 'EUR', 'fr')).toEqual({
      chainCode: 'ACME',
      checkin: '2026-12-10',
      checkout: '2026-12-13',
      currency: 'EUR',
      adults: 2,
      children: 1,
      rooms: 1,
      lang: 'fr',
      sortBy: 'NAME',
      destination: undefined,
      rating: undefined,
      boards: undefined,
      minPrice: undefined,
      maxPrice: undefined,
    });
  });

  it('sends filters in a stable order', () => {
    const params = searchParams({ ...state, destination: 'Lisbon', ratings: [5, 3], boards: [12, 3], minPrice: 100 }, 'ACME', 'USD', 'en');
    expect(params).toMatchObject({ destination: 'Lisbon', rating: [3, 5], boards: [12, 3].sort(), minPrice: 100 });
  });
});

describe('filter helpers', () => {
  it('reads a typed price bound, or none', () => {
    expect(priceBound('120.5')).toBe(120.5);
    expect(priceBound(' ')).toBeUndefined();
    expect(priceBound('-3')).toBeUndefined();
    expect(priceBound('abc')).toBeUndefined();
  });

  it('toggles a value in a list', () => {
    expect(toggled([3, 4], 5, true)).toEqual([3, 4, 5]);
    expect(toggled([3, 4], 3, false)).toEqual([4]);
    expect(toggled([3, 4], 4, true)).toEqual([3, 4]);
  });
});
