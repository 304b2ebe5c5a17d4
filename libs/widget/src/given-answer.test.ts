import type { AvailabilityMultiResponse, Hotel } from '@hotelapi/client';
import { describe, expect, it } from 'vitest';
import { answerFromGiven, givenSorts } from './given-answer.js';

/** A hotel as the API answers it; only what sorting and filtering read differs between them. */
function hotel(code: string, name: string, destination: string, rating: number, minprice: number, board: number, lat: number): Hotel {
  const url = `https://book.example/${code}`;
  return {
    code, name, description: '', url, targetUrl: url, includeInWidgetSearch: true, rating, minprice, nightsMin: 1, nightsMax: 30, symbol: '€',
    photo: url, photoM: url, photoL: url, location: { name: destination, lat, lon: 0 }, beds: 2, bathrooms: 1, bedrooms: 1, noOfPhotos: 1,
    rates: [{ rate: 'BAR', room: 'Double', board, price: minprice, discount: 0, remaining: 3 }],
  };
}

/** Most reviewed first, as an answer sorted by POPULARITY comes. */
const byPopularity: AvailabilityMultiResponse = {
  hotels: [
    hotel('X003', 'Zenith', 'Lisbon', 4, 300, 3, 38.72),
    hotel('X001', 'Alfama', 'Lisbon', 3, 100, 14, 38.71),
    hotel('X002', 'Bairro', 'Porto', 4, 200, 3, 41.15),
  ],
  metadata: { destinations: { Lisbon: 2, Porto: 1 }, boards: { '3': 2, '14': 1 }, ratings: { '3': 1, '4': 2 }, minPrice: 100, maxPrice: 300, sortBy: 'POPULARITY', sortOrder: 'DESC' },
  checkin: '2026-12-10', checkout: '2026-12-12', adults: 2, currency: 'EUR', symbol: '€',
};

/** The query's stay; the sort and filters vary. */
const stay = { chainCode: 'X', checkin: '2026-12-10', checkout: '2026-12-12', currency: 'EUR' } as const;

const codes = (answer: AvailabilityMultiResponse) => answer.hotels.map((h) => h.code);

describe('an answer the page already has', () => {
  it('keeps the popularity order it came in, the only popularity it knows, through filters', () => {
    expect(codes(answerFromGiven(byPopularity, { ...stay, sortBy: 'POPULARITY' }))).toEqual(['X003', 'X001', 'X002']);
    expect(codes(answerFromGiven(byPopularity, { ...stay, sortBy: 'POPULARITY', rating: [4] }))).toEqual(['X003', 'X002']);
    expect(givenSorts(byPopularity)).toContain('POPULARITY');
    expect(givenSorts({ ...byPopularity, metadata: { ...byPopularity.metadata, sortBy: 'PRICE', sortOrder: 'ASC' } })).toEqual(['PRICE', 'NAME', 'DISTANCE']);
  });

  it('sorts by price and name, and counts each facet option over the other filters', () => {
    const lisbonBreakfast = answerFromGiven(byPopularity, { ...stay, sortBy: 'PRICE', destination: 'lisbon', boards: [3] });
    expect(codes(lisbonBreakfast)).toEqual(['X003']);
    expect(lisbonBreakfast.metadata).toMatchObject({ destinations: { Lisbon: 1, Porto: 1 }, boards: { '3': 1, '14': 1 }, minPrice: 300, maxPrice: 300, sortBy: 'PRICE', sortOrder: 'ASC' });
    expect(codes(answerFromGiven(byPopularity, { ...stay, sortBy: 'NAME' }))).toEqual(['X001', 'X002', 'X003']);
  });
});
