import { describe, expect, it } from 'vitest';
import { haversineKm } from '../rules/distance.js';
import type { HotelFilters } from './hotel-filters.js';
import {
  availabilityFacets,
  defaultSortOrder,
  destinationCentre,
  filterHotels,
  geographicCentre,
  searchableText,
  sortHotels,
  type HotelCandidate,
} from './index.js';

/** A candidate with sensible defaults; the folded name is derived as the API derives it. */
function hotel(fields: Partial<Omit<HotelCandidate, 'searchableName'>> & { code: string }): HotelCandidate {
  const name = fields.name ?? `Hotel ${fields.code}`;
  return {
    name,
    destination: 'Lisbon',
    rating: 3,
    boards: [14],
    minPrice: 100,
    popularity: 0,
    location: { lat: 38.72, lon: -9.14 },
    ...fields,
    searchableName: searchableText(name),
  };
}

const codes = (hotels: readonly HotelCandidate[]) => hotels.map((h) => h.code);

const LISBON = { lat: 38.7223, lon: -9.1393 };

const CHAIN: readonly HotelCandidate[] = [
  hotel({ code: 'H1', name: 'ACME Lisboa Estação', destination: 'Lisbon', rating: 3, boards: [14, 3], minPrice: 120, popularity: 50 }),
  hotel({ code: 'H2', name: 'ACME Porto Ribeira', destination: 'Porto', rating: 4, boards: [3], minPrice: 200, popularity: 900 }),
  hotel({ code: 'H3', name: 'ACME São Paulo Jardim', destination: 'São Paulo', rating: 5, boards: [12, 10], minPrice: 480, popularity: 9 }),
  hotel({ code: 'H4', name: 'ACME Lisboa Farol', destination: 'Lisbon', rating: 4, boards: [12], minPrice: 300, popularity: 900 }),
  hotel({ code: 'H5', name: 'acme estacao norte', destination: 'Porto', rating: 2, boards: [14], minPrice: 80, popularity: 0 }),
];

describe('searchableText', () => {
  it('folds case and accents, so a search box finds what it shows', () => {
    expect(searchableText('Estação')).toBe('estacao');
    expect(searchableText('ÉTÉ Crème Brûlée')).toBe('ete creme brulee');
    expect(searchableText('Straße')).toBe('straße');
  });

  it('folds precomposed and decomposed forms alike', () => {
    expect(searchableText('S\u00e3o')).toBe(searchableText('Sa\u0303o'));
  });
});

describe('filterHotels', () => {
  it('keeps every hotel, in order, when no filter is active', () => {
    expect(codes(filterHotels(CHAIN, {}))).toEqual(['H1', 'H2', 'H3', 'H4', 'H5']);
    expect(codes(filterHotels(CHAIN, { rating: [], boards: [] }))).toEqual(['H1', 'H2', 'H3', 'H4', 'H5']);
  });

  it('filters by price against the lowest total, both bounds included', () => {
    expect(codes(filterHotels(CHAIN, { minPrice: 200 }))).toEqual(['H2', 'H3', 'H4']);
    expect(codes(filterHotels(CHAIN, { maxPrice: 200 }))).toEqual(['H1', 'H2', 'H5']);
    expect(codes(filterHotels(CHAIN, { minPrice: 120, maxPrice: 300 }))).toEqual(['H1', 'H2', 'H4']);
    expect(codes(filterHotels(CHAIN, { minPrice: 1000 }))).toEqual([]);
  });

  it('filters by destination, ignoring case and accents', () => {
    expect(codes(filterHotels(CHAIN, { destination: 'lisbon' }))).toEqual(['H1', 'H4']);
    expect(codes(filterHotels(CHAIN, { destination: 'SAO PAULO' }))).toEqual(['H3']);
    // Equality, not a substring: "Lis" is no destination.
    expect(codes(filterHotels(CHAIN, { destination: 'Lis' }))).toEqual([]);
  });

  it('filters by any of the ratings', () => {
    expect(codes(filterHotels(CHAIN, { rating: [4] }))).toEqual(['H2', 'H4']);
    expect(codes(filterHotels(CHAIN, { rating: [2, 5] }))).toEqual(['H3', 'H5']);
  });

  it('filters by any of the boards the hotel can be booked with', () => {
    expect(codes(filterHotels(CHAIN, { boards: [3] }))).toEqual(['H1', 'H2']);
    expect(codes(filterHotels(CHAIN, { boards: [10, 14] }))).toEqual(['H1', 'H3', 'H5']);
    expect(codes(filterHotels(CHAIN, { boards: [1] }))).toEqual([]);
  });

  it('finds a property name by a case- and accent-insensitive substring', () => {
    expect(codes(filterHotels(CHAIN, { propertyName: 'estacao' }))).toEqual(['H1', 'H5']);
    expect(codes(filterHotels(CHAIN, { propertyName: 'ESTAÇÃO' }))).toEqual(['H1', 'H5']);
    expect(codes(filterHotels(CHAIN, { propertyName: 'lisboa f' }))).toEqual(['H4']);
    expect(codes(filterHotels(CHAIN, { propertyName: 'nowhere' }))).toEqual([]);
  });

  it('combines filters with AND', () => {
    expect(codes(filterHotels(CHAIN, { destination: 'Lisbon', rating: [4] }))).toEqual(['H4']);
    expect(codes(filterHotels(CHAIN, { destination: 'Porto', boards: [3, 14], maxPrice: 100 }))).toEqual(['H5']);
    expect(codes(filterHotels(CHAIN, { propertyName: 'acme', rating: [3, 4], boards: [12], minPrice: 250 }))).toEqual(['H4']);
  });
});

describe('availabilityFacets', () => {
  it('counts every option over the whole chain when no filter is active', () => {
    expect(availabilityFacets(CHAIN, {})).toEqual({
      destinations: { Lisbon: 2, Porto: 2, 'São Paulo': 1 },
      boards: { '3': 2, '10': 1, '12': 2, '14': 2 },
      ratings: { '2': 1, '3': 1, '4': 2, '5': 1 },
      minPrice: 80,
      maxPrice: 480,
    });
  });

  it('counts each facet with every other filter applied, but not its own', () => {
    const facets = availabilityFacets(CHAIN, { destination: 'Lisbon', rating: [4] });
    // Destinations honour rating 4 only: H2 (Porto) and H4 (Lisbon).
    expect(facets.destinations).toEqual({ Lisbon: 1, Porto: 1, 'São Paulo': 0 });
    // Ratings honour Lisbon only: H1 (3) and H4 (4).
    expect(facets.ratings).toEqual({ '2': 0, '3': 1, '4': 1, '5': 0 });
    // Boards honour both: H4 alone.
    expect(facets.boards).toEqual({ '3': 0, '10': 0, '12': 1, '14': 0 });
    expect(facets).toMatchObject({ minPrice: 300, maxPrice: 300 });
  });

  it('reports no price range when nothing matches, and still lists the options', () => {
    const facets = availabilityFacets(CHAIN, { propertyName: 'nowhere' });
    expect(facets).toMatchObject({ minPrice: null, maxPrice: null });
    expect(facets.destinations).toEqual({ Lisbon: 0, Porto: 0, 'São Paulo': 0 });
    expect(availabilityFacets([], {})).toEqual({ destinations: {}, boards: {}, ratings: {}, minPrice: null, maxPrice: null });
  });

  it('agrees with a brute-force count for every combination of filters', () => {
    const chain = generatedChain(60);
    const filterSets: HotelFilters[] = [
      {},
      { destination: 'porto' },
      { rating: [4, 5] },
      { boards: [3] },
      { minPrice: 150, maxPrice: 400 },
      { propertyName: 'garden' },
      { destination: 'Lisbon', rating: [1, 2, 3], boards: [12, 14], minPrice: 60 },
      { destination: 'Faro', boards: [1], propertyName: 'acme', maxPrice: 500 },
    ];
    for (const filters of filterSets) expect(availabilityFacets(chain, filters)).toEqual(bruteForceFacets(chain, filters));
  });
});

describe('sortHotels', () => {
  const sorted = (...args: Parameters<typeof sortHotels>) => codes(sortHotels(...args));

  it('sorts by price, then code for equal prices', () => {
    const tied = [...CHAIN, hotel({ code: 'H0', minPrice: 200 })];
    expect(sorted(tied, 'PRICE', 'ASC', LISBON, 'en')).toEqual(['H5', 'H1', 'H0', 'H2', 'H4', 'H3']);
    expect(sorted(tied, 'PRICE', 'DESC', LISBON, 'en')).toEqual(['H3', 'H4', 'H0', 'H2', 'H1', 'H5']);
  });

  it('sorts by popularity, ties in code order either way', () => {
    expect(sorted(CHAIN, 'POPULARITY', 'DESC', LISBON, 'en')).toEqual(['H2', 'H4', 'H1', 'H3', 'H5']);
    expect(sorted(CHAIN, 'POPULARITY', 'ASC', LISBON, 'en')).toEqual(['H5', 'H3', 'H1', 'H2', 'H4']);
  });

  it('sorts names by the collation of the response language, numbers by value', () => {
    const named = [
      hotel({ code: 'A', name: 'Hotel Zürich' }),
      hotel({ code: 'B', name: 'Hotel Ábaco' }),
      hotel({ code: 'C', name: 'hotel azul' }),
      hotel({ code: 'D', name: 'Hotel 10' }),
      hotel({ code: 'E', name: 'Hotel 9' }),
    ];
    expect(sorted(named, 'NAME', 'ASC', LISBON, 'pt')).toEqual(['E', 'D', 'B', 'C', 'A']);
    expect(sorted(named, 'NAME', 'DESC', LISBON, 'pt')).toEqual(['A', 'C', 'B', 'D', 'E']);
  });

  it('sorts by distance from the given centre', () => {
    const placed = [
      hotel({ code: 'FAR', location: { lat: 41.15, lon: -8.63 } }), // Porto
      hotel({ code: 'NEAR', location: { lat: 38.71, lon: -9.13 } }),
      hotel({ code: 'MID', location: { lat: 38.02, lon: -7.86 } }), // Beja
    ];
    expect(sorted(placed, 'DISTANCE', 'ASC', LISBON, 'en')).toEqual(['NEAR', 'MID', 'FAR']);
    expect(sorted(placed, 'DISTANCE', 'DESC', LISBON, 'en')).toEqual(['FAR', 'MID', 'NEAR']);
    // From Porto, the order turns round.
    expect(sorted(placed, 'DISTANCE', 'ASC', { lat: 41.16, lon: -8.63 }, 'en')).toEqual(['FAR', 'NEAR', 'MID']);
  });

  it('leaves its input alone', () => {
    const input = [...CHAIN];
    sortHotels(input, 'PRICE', 'DESC', LISBON, 'en');
    expect(input).toEqual(CHAIN);
  });
});

describe('defaultSortOrder', () => {
  it('puts the most reviewed first and everything else lowest first', () => {
    expect(defaultSortOrder('POPULARITY')).toBe('DESC');
    expect(defaultSortOrder('PRICE')).toBe('ASC');
    expect(defaultSortOrder('NAME')).toBe('ASC');
    expect(defaultSortOrder('DISTANCE')).toBe('ASC');
  });
});

describe('geographicCentre', () => {
  it('is the point itself for one point, and the midpoint for two nearby', () => {
    const one = geographicCentre([LISBON]);
    expect(one?.lat).toBeCloseTo(LISBON.lat, 9);
    expect(one?.lon).toBeCloseTo(LISBON.lon, 9);
    const middle = geographicCentre([
      { lat: 10, lon: 20 },
      { lat: 10.2, lon: 20.2 },
    ]);
    expect(middle?.lat).toBeCloseTo(10.1, 3);
    expect(middle?.lon).toBeCloseTo(20.1, 3);
  });

  it('stays on the right side of the antimeridian', () => {
    const centre = geographicCentre([
      { lat: -17, lon: 179.8 },
      { lat: -17, lon: -179.8 },
    ]);
    expect(Math.abs(centre?.lon ?? 0)).toBeCloseTo(180, 6);
  });

  it('has no centre for no points or points that cancel out', () => {
    expect(geographicCentre([])).toBeUndefined();
    expect(
      geographicCentre([
        { lat: 0, lon: 0 },
        { lat: 0, lon: 180 },
      ]),
    ).toBeUndefined();
  });
});

describe('destinationCentre', () => {
  const properties = [
    { destination: 'Lisbon', location: { lat: 38.7, lon: -9.1 } },
    { destination: 'Lisbon', location: { lat: 38.8, lon: -9.2 } },
    { destination: 'Porto', location: { lat: 41.15, lon: -8.63 } },
  ];

  it("is the centre of the chain's properties in that destination, named in any case", () => {
    const centre = destinationCentre(properties, 'LISBON');
    expect(centre?.lat).toBeCloseTo(38.75, 2);
    expect(centre?.lon).toBeCloseTo(-9.15, 2);
    expect(haversineKm(centre ?? LISBON, { lat: 38.75, lon: -9.15 })).toBeLessThan(0.1);
  });

  it('is undefined where the chain has no property', () => {
    expect(destinationCentre(properties, 'Faro')).toBeUndefined();
  });
});

/** A deterministic spread of hotels over destinations, ratings, boards and prices. */
function generatedChain(size: number): HotelCandidate[] {
  const destinations = ['Lisbon', 'Porto', 'Faro', 'São Paulo'];
  const qualifiers = ['Garden', 'Harbour', 'Old Town', 'Jardín'];
  const boardSets = [[14], [3], [3, 12], [12, 10], [1], [14, 3, 1]];
  return Array.from({ length: size }, (_, index) =>
    hotel({
      code: `G${String(index).padStart(3, '0')}`,
      name: `ACME ${qualifiers[(index * 7) % qualifiers.length]} ${index}`,
      destination: destinations[index % destinations.length],
      rating: 1 + ((index * 3) % 5),
      boards: boardSets[(index * 5) % boardSets.length],
      minPrice: 50 + ((index * 37) % 500),
    }),
  );
}

/** Facets the slow, obvious way: each option's count is a separate filtering without its own filter. */
function bruteForceFacets(chain: readonly HotelCandidate[], filters: HotelFilters) {
  const count = (without: Partial<HotelFilters>, has: (hotel: HotelCandidate) => boolean) =>
    filterHotels(chain, { ...filters, ...without }).filter(has).length;
  const destinations = [...new Set(chain.map((h) => h.destination))].sort((a, b) => a.localeCompare(b, 'en'));
  const boards = [...new Set(chain.flatMap((h) => h.boards))];
  const ratings = [...new Set(chain.map((h) => h.rating))];
  const matches = filterHotels(chain, filters);
  const prices = matches.map((h) => h.minPrice);
  return {
    destinations: Object.fromEntries(destinations.map((d) => [d, count({ destination: undefined }, (h) => h.destination === d)])),
    boards: Object.fromEntries(boards.map((b) => [String(b), count({ boards: undefined }, (h) => h.boards.includes(b))])),
    ratings: Object.fromEntries(ratings.map((r) => [String(r), count({ rating: undefined }, (h) => h.rating === r)])),
    minPrice: prices.length ? Math.min(...prices) : null,
    maxPrice: prices.length ? Math.max(...prices) : null,
  };
}
