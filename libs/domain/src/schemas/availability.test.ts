import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AvailabilityMultiQuery, AvailabilityMultiResponse, type Hotel } from './availability.js';

const search = { chainCode: 'ACME', checkin: '2026-07-10', checkout: '2026-07-14', currency: 'eur' };

function fieldErrors(query: Record<string, unknown>) {
  const result = AvailabilityMultiQuery.safeParse(query);
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
}

describe('AvailabilityMultiQuery', () => {
  it('fills in the defaults and leaves the sort order to the API', () => {
    expect(AvailabilityMultiQuery.parse(search)).toEqual({
      ...search,
      currency: 'EUR',
      adults: 2,
      children: 0,
      infants: 0,
      rooms: 1,
      device: 'DESKTOP',
      sortBy: 'PRICE',
    });
  });

  it('requires the chain, the stay and the currency', () => {
    const result = AvailabilityMultiQuery.safeParse({});
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['chainCode'], ['checkin'], ['checkout'], ['currency']]);
  });

  it('reads repeated and comma-separated ratings and boards, each once', () => {
    const query = AvailabilityMultiQuery.parse({ ...search, rating: ['4', '5,4'], boards: '3,14' });
    expect(query.rating).toEqual([4, 5]);
    expect(query.boards).toEqual([3, 14]);
  });

  it.each([
    ['6', 'rating'],
    ['0', 'rating'],
    ['4.5', 'rating'],
    ['', 'rating'],
  ])('refuses rating=%j', (rating, param) => {
    expect(Object.keys(fieldErrors({ ...search, rating }))).toEqual([param]);
  });

  it('refuses a board code that is not a positive integer', () => {
    expect(Object.keys(fieldErrors({ ...search, boards: ['3', '0'] }))).toEqual(['boards']);
  });

  it('refuses a check-out that is not after check-in, on checkout', () => {
    expect(fieldErrors({ ...search, checkout: search.checkin })).toEqual({ checkout: ['must be after checkin'] });
  });

  it('reads a price range and accepts equal bounds', () => {
    expect(AvailabilityMultiQuery.parse({ ...search, minPrice: '80', maxPrice: '150.5' })).toMatchObject({ minPrice: 80, maxPrice: 150.5 });
    expect(AvailabilityMultiQuery.safeParse({ ...search, minPrice: '100', maxPrice: '100' }).success).toBe(true);
    expect(AvailabilityMultiQuery.safeParse({ ...search, maxPrice: '100' }).success).toBe(true);
  });

  it('refuses a maximum price below the minimum, on maxPrice', () => {
    expect(fieldErrors({ ...search, minPrice: '150', maxPrice: '80' })).toEqual({ maxPrice: ['must not be less than minPrice'] });
  });

  it.each([
    ['adults', '0'],
    ['adults', '11'],
    ['children', '-1'],
    ['infants', 'two'],
    ['rooms', '0'],
    ['rooms', '11'],
    ['device', 'TABLET'],
    ['sortBy', 'RATING'],
    ['sortOrder', 'asc'],
    ['minPrice', '-5'],
    ['maxPrice', 'cheap'],
    ['lang', 'portuguese'],
    ['chainCode', 'ACME CHAIN'],
    ['propertyName', ''],
    ['propertyName', 'x'.repeat(101)],
    ['currency', '€'],
  ])('names %s when it is %j', (param, value) => {
    expect(Object.keys(fieldErrors({ ...search, [param]: value }))).toEqual([param]);
  });

  it('canonicalises the language tag', () => {
    expect(AvailabilityMultiQuery.parse({ ...search, lang: 'pt-br' }).lang).toBe('pt-BR');
  });
});

describe('AvailabilityMultiResponse', () => {
  const hotel: Hotel = {
    code: 'ACME001',
    name: 'Acme Lisbon Riverside',
    description: 'By the river.',
    url: 'https://www.acme.example/lisbon',
    targetUrl: 'https://book.acme.example/ACME001?checkin=2026-07-10',
    includeInWidgetSearch: true,
    rating: 4,
    minprice: 412.8,
    nightsMin: 1,
    nightsMax: 30,
    symbol: '€',
    photo: 'https://cdn.acme.example/1.jpg',
    photoM: 'https://cdn.acme.example/1-m.jpg',
    photoL: 'https://cdn.acme.example/1-l.jpg',
    location: { name: 'Lisbon', lat: 38.7, lon: -9.14 },
    beds: 120,
    bathrooms: 60,
    bedrooms: 60,
    noOfPhotos: 12,
    rates: [
      { rate: 'BAR', room: 'Double room', board: 3, price: 412.8, discount: 0, memberPrice: 392.16, memberDiscount: 20.64, remaining: 4 },
    ],
  };
  const response = {
    hotels: [hotel],
    metadata: {
      destinations: { Lisbon: 1 },
      boards: { '3': 1 },
      ratings: { '4': 1 },
      minPrice: 412.8,
      maxPrice: 412.8,
      sortBy: 'PRICE',
      sortOrder: 'ASC',
    },
    checkin: '2026-07-10',
    checkout: '2026-07-14',
    adults: 2,
    currency: 'EUR',
    symbol: '€',
  };

  it('serialises a full response as Fastify does, by encoding it', () => {
    expect(z.encode(AvailabilityMultiResponse, AvailabilityMultiResponse.parse(response))).toEqual(response);
  });

  it('allows rates without a member price and facets of an empty search', () => {
    const publicRate = { rate: 'NRF', room: 'Double room', board: 14, price: 380, discount: 38, remaining: 2 };
    const empty = { ...response.metadata, destinations: {}, boards: {}, ratings: {}, minPrice: null, maxPrice: null };
    expect(AvailabilityMultiResponse.safeParse({ ...response, hotels: [{ ...hotel, rates: [publicRate] }] }).success).toBe(true);
    expect(AvailabilityMultiResponse.safeParse({ ...response, hotels: [], metadata: empty }).success).toBe(true);
  });

  it('refuses a star rating outside 1 to 5', () => {
    const result = AvailabilityMultiResponse.safeParse({ ...response, hotels: [{ ...hotel, rating: 6 }] });
    expect(result.error?.issues[0]?.path).toEqual(['hotels', 0, 'rating']);
  });
});
