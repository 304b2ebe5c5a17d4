import { createSandboxConnectors, SANDBOX_FIXTURES, SANDBOX_PHOTO_ORIGIN, type BookingEngine, type Connectors } from '@hotelapi/connectors';
import {
  AvailabilityError,
  AvailabilityMultiResponse,
  geographicCentre,
  haversineKm,
  type AvailabilitySortBy,
  type Hotel,
  type LatLon,
} from '@hotelapi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, TEST_NOW, type RunningApi, type TestResponse } from '../test-support/start-api.js';

const STAY = 'checkin=2026-12-10&checkout=2026-12-13';
const ACME = `/v1/availability/multi?chainCode=ACME&${STAY}&currency=EUR`;
const ACME_WIDGET_ORIGIN = 'https://www.acme-hotels.example';
/** The sandbox world, read directly for what the response does not carry (review counts, the chain's centre). */
const sandbox = createSandboxConnectors({ now: () => TEST_NOW });

/** A 200 body, checked against the documented shape. */
function answerOf(response: TestResponse): AvailabilityMultiResponse {
  expect(response.status, response.text).toBe(200);
  return AvailabilityMultiResponse.parse(response.body);
}

const codes = (hotels: readonly Hotel[]) => hotels.map((hotel) => hotel.code);

/** Accents and case aside, as a guest typing into a search box expects. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Hotels a filter set keeps, written out plainly from the unfiltered answer. */
interface Filters {
  readonly destination?: string;
  readonly rating?: readonly number[];
  readonly boards?: readonly number[];
  readonly minPrice?: number;
  readonly maxPrice?: number;
}

function passes(hotel: Hotel, filters: Filters): boolean {
  return (
    (filters.destination === undefined || folded(hotel.location.name) === folded(filters.destination)) &&
    (filters.rating === undefined || filters.rating.includes(hotel.rating)) &&
    (filters.boards === undefined || hotel.rates.some((rate) => filters.boards?.includes(rate.board))) &&
    (filters.minPrice === undefined || hotel.minprice >= filters.minPrice) &&
    (filters.maxPrice === undefined || hotel.minprice <= filters.maxPrice)
  );
}

function queryOf(filters: Filters): string {
  const params = new URLSearchParams();
  if (filters.destination !== undefined) params.append('destination', filters.destination);
  for (const rating of filters.rating ?? []) params.append('rating', String(rating));
  for (const board of filters.boards ?? []) params.append('boards', String(board));
  if (filters.minPrice !== undefined) params.append('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== undefined) params.append('maxPrice', String(filters.maxPrice));
  return params.toString();
}

/** The facets the slow, obvious way: each option counted over the unfiltered hotels, without its own filter. */
function bruteForceFacets(all: readonly Hotel[], filters: Filters) {
  const count = (without: keyof Filters, has: (hotel: Hotel) => boolean) =>
    all.filter((hotel) => has(hotel) && passes(hotel, { ...filters, [without]: undefined })).length;
  const destinations = [...new Set(all.map((hotel) => hotel.location.name))];
  const boards = [...new Set(all.flatMap((hotel) => hotel.rates.map((rate) => rate.board)))];
  const ratings = [...new Set(all.map((hotel) => hotel.rating))];
  const prices = all.filter((hotel) => passes(hotel, filters)).map((hotel) => hotel.minprice);
  return {
    destinations: Object.fromEntries(destinations.map((name) => [name, count('destination', (hotel) => hotel.location.name === name)])),
    boards: Object.fromEntries(
      boards.map((board) => [String(board), count('boards', (hotel) => hotel.rates.some((rate) => rate.board === board))]),
    ),
    ratings: Object.fromEntries(ratings.map((rating) => [String(rating), count('rating', (hotel) => hotel.rating === rating)])),
    minPrice: prices.length ? Math.min(...prices) : null,
    maxPrice: prices.length ? Math.max(...prices) : null,
  };
}

/** Asserts that every neighbouring pair is in order by `key`, with ties in ascending code order. */
function expectOrdered(hotels: readonly Hotel[], compareKeys: (a: Hotel, b: Hotel) => number, order: 'ASC' | 'DESC'): void {
  expect(hotels.length).toBeGreaterThan(1);
  for (let index = 1; index < hotels.length; index++) {
    const [before, after] = [hotels[index - 1], hotels[index]];
    const byKey = compareKeys(before, after) * (order === 'ASC' ? 1 : -1);
    expect(byKey, `${before.code} before ${after.code}`).toBeLessThanOrEqual(0);
    if (byKey === 0) expect(before.code < after.code, `tie ${before.code} before ${after.code}`).toBe(true);
  }
}

describe('GET /v1/availability/multi', () => {
  let api: RunningApi;
  /** The unfiltered answer for ACME, what filters, facets and sorts are checked against. */
  let all: AvailabilityMultiResponse;
  beforeAll(async () => {
    api = await startApi();
    all = answerOf(await api.get(ACME));
  });
  afterAll(() => api.close());

  describe('200', () => {
    it('answers the bookable hotels of the chain with every field, without an envelope', async () => {
      const response = await api.get(ACME);
      const answer = answerOf(response);
      expect(Object.keys(response.body).sort()).toEqual(['adults', 'checkin', 'checkout', 'currency', 'hotels', 'metadata', 'symbol']);
      expect(answer).toMatchObject({ checkin: '2026-12-10', checkout: '2026-12-13', adults: 2, currency: 'EUR', symbol: '€' });
      expect(answer.metadata).toMatchObject({ sortBy: 'PRICE', sortOrder: 'ASC' });
      expect(answer.hotels.length).toBeGreaterThan(30);
      expect(new Set(codes(answer.hotels)).size).toBe(answer.hotels.length);
      expect(codes(answer.hotels).every((code) => /^ACME\d{3}$/.test(code))).toBe(true);
      expect(response.headers['content-language']).toBe('en');
      expect(String(response.headers.vary)).toMatch(/Accept-Language/);
    });

    it('shows the cheapest room of each rate plan, cheapest first, and the lowest as minprice', () => {
      for (const hotel of all.hotels) {
        expect(hotel.rates.length).toBeGreaterThan(0);
        expect(new Set(hotel.rates.map((rate) => rate.rate)).size).toBe(hotel.rates.length);
        expect(hotel.rates.map((rate) => rate.price)).toEqual([...hotel.rates.map((rate) => rate.price)].sort((a, b) => a - b));
        expect(hotel.minprice).toBe(hotel.rates[0].price);
        expect(hotel.symbol).toBe('€');
        for (const rate of hotel.rates) {
          expect(rate.room).not.toBe('');
          expect(rate.remaining).toBeGreaterThan(0);
          if (rate.memberPrice !== undefined) expect(rate.memberPrice).toBeLessThanOrEqual(rate.price);
        }
      }
      const rates = all.hotels.flatMap((hotel) => hotel.rates);
      // Member prices only where the rate plan has them: some rates do, some do not.
      expect(rates.some((rate) => rate.memberPrice !== undefined && rate.memberDiscount !== undefined)).toBe(true);
      expect(rates.some((rate) => !('memberPrice' in rate) && !('memberDiscount' in rate))).toBe(true);
    });

    it("links each hotel to its booking engine with the search, and places it in its destination", async () => {
      const showcase = all.hotels.find((hotel) => hotel.code === SANDBOX_FIXTURES.showcase);
      const property = await sandbox.catalog.getProperty(SANDBOX_FIXTURES.showcase);
      expect(showcase).toBeDefined();
      expect(showcase).toMatchObject({
        url: property?.url,
        rating: property?.rating,
        nightsMin: property?.nightsMin,
        nightsMax: property?.nightsMax,
        // The sandbox's photos, on the origin this request reached (chain-answer-shown.ts).
        photo: property?.photos.default.replace(SANDBOX_PHOTO_ORIGIN, api.url),
        photoM: property?.photos.medium.replace(SANDBOX_PHOTO_ORIGIN, api.url),
        photoL: property?.photos.large.replace(SANDBOX_PHOTO_ORIGIN, api.url),
        location: { name: property?.destination, lat: property?.location.lat, lon: property?.location.lon },
        beds: property?.beds,
        bathrooms: property?.bathrooms,
        bedrooms: property?.bedrooms,
        noOfPhotos: property?.noOfPhotos,
      });
      const target = new URL(showcase?.targetUrl ?? '');
      expect(`${target.origin}${target.pathname}`).toBe(property?.bookingUrl);
      // The same link, with the same names, as get_property_availability_single's (services/booking-url.ts).
      expect(Object.fromEntries(target.searchParams)).toEqual({
        checkIn: '2026-12-10',
        checkOut: '2026-12-13',
        adults: '2',
        children: '0',
        infants: '0',
        rooms: '1',
        currency: 'EUR',
        device: 'DESKTOP',
        lang: 'en',
      });
    });

    it('still answers properties kept out of widget search, marked as such', () => {
      for (const code of SANDBOX_FIXTURES.hiddenFromWidgetSearch) {
        expect(all.hotels.find((hotel) => hotel.code === code)?.includeInWidgetSearch).toBe(false);
      }
      const shown = all.hotels.filter((hotel) => !SANDBOX_FIXTURES.hiddenFromWidgetSearch.includes(hotel.code));
      expect(shown.every((hotel) => hotel.includeInWidgetSearch)).toBe(true);
    });

    it('leaves out hotels with nothing bookable for the stay', async () => {
      // 20 nights: longer than several properties sell in one stay.
      const long = answerOf(await api.get('/v1/availability/multi?chainCode=ACME&checkin=2026-12-10&checkout=2026-12-30&currency=EUR'));
      const tooShort = all.hotels.filter((hotel) => hotel.nightsMax < 20);
      expect(tooShort.length).toBeGreaterThan(0);
      expect(long.hotels.length).toBeGreaterThan(0);
      for (const hotel of tooShort) expect(codes(long.hotels)).not.toContain(hotel.code);
      expect(long.hotels.every((hotel) => hotel.nightsMax >= 20)).toBe(true);
    });

    it('converts every price into the requested currency, rounded to its minor units', async () => {
      const yen = answerOf(await api.get(`/v1/availability/multi?chainCode=ACME&${STAY}&currency=jpy`));
      expect(yen).toMatchObject({ currency: 'JPY', symbol: '¥' });
      expect(codes(yen.hotels).sort()).toEqual(codes(all.hotels).sort());
      for (const hotel of yen.hotels) {
        expect(hotel.symbol).toBe('¥');
        for (const rate of hotel.rates) expect(Number.isInteger(rate.price) && Number.isInteger(rate.discount)).toBe(true);
      }
      const euros = new Map(all.hotels.map((hotel) => [hotel.code, hotel.minprice]));
      for (const hotel of yen.hotels) expect(hotel.minprice).toBeGreaterThan((euros.get(hotel.code) ?? 0) * 50);
    });

    it('prices more adults higher and echoes them', async () => {
      const three = answerOf(await api.get(`${ACME}&adults=3`));
      expect(three.adults).toBe(3);
      const euros = new Map(all.hotels.map((hotel) => [hotel.code, hotel.minprice]));
      const common = three.hotels.filter((hotel) => euros.has(hotel.code));
      expect(common.length).toBeGreaterThan(0);
      expect(common.some((hotel) => hotel.minprice > (euros.get(hotel.code) ?? 0))).toBe(true);
    });
  });

  describe('filters', () => {
    const median = () => [...all.hotels.map((hotel) => hotel.minprice)].sort((a, b) => a - b)[Math.floor(all.hotels.length / 2)];

    it.each<[string, () => Filters]>([
      ['minPrice', () => ({ minPrice: median() })],
      ['maxPrice', () => ({ maxPrice: median() })],
      ['destination, in any case', () => ({ destination: 'lONDON' })],
      ['rating, repeated', () => ({ rating: [4, 5] })],
      ['boards, repeated', () => ({ boards: [3, 1] })],
      [
        'destination, rating, boards and a price range together',
        () => ({ destination: 'Tokyo', rating: [2, 3, 5], boards: [10, 3], minPrice: 100, maxPrice: 1500 }),
      ],
    ])('%s keeps exactly the matching hotels, in the same order', async (_name, filtersOf) => {
      const filters = filtersOf();
      const filtered = answerOf(await api.get(`${ACME}&${queryOf(filters)}`));
      const expected = all.hotels.filter((hotel) => passes(hotel, filters));
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(all.hotels.length);
      expect(codes(filtered.hotels)).toEqual(codes(expected));
    });

    it('reads comma-separated lists as repeated parameters', async () => {
      const repeated = answerOf(await api.get(`${ACME}&rating=4&rating=5&boards=3&boards=14`));
      const commas = answerOf(await api.get(`${ACME}&rating=4,5&boards=3,14`));
      expect(codes(commas.hotels)).toEqual(codes(repeated.hotels));
    });

    it('finds a property name by a case- and accent-insensitive substring, in the response language', async () => {
      const portuguese = answerOf(await api.get(`${ACME}&lang=pt`));
      const found = answerOf(await api.get(`${ACME}&lang=pt&propertyName=${encodeURIComponent('TOQUIO')}`));
      const expected = portuguese.hotels.filter((hotel) => folded(hotel.name).includes('toquio'));
      expect(expected.length).toBeGreaterThan(0);
      // The names carry the accent the search left out.
      expect(expected.every((hotel) => hotel.name.includes('Tóquio'))).toBe(true);
      expect(codes(found.hotels)).toEqual(codes(expected));
      const accented = answerOf(await api.get(`${ACME}&lang=pt&propertyName=${encodeURIComponent('histórico')}`));
      expect(codes(accented.hotels)).toEqual(codes(portuguese.hotels.filter((hotel) => folded(hotel.name).includes('historico'))));
      expect(accented.hotels.length).toBeGreaterThan(0);
    });

    it('answers an empty list, not an error, when nothing matches', async () => {
      const none = answerOf(await api.get(`${ACME}&propertyName=nowhere-at-all`));
      expect(none.hotels).toEqual([]);
      expect(none.metadata).toMatchObject({ minPrice: null, maxPrice: null });
    });
  });

  describe('facets', () => {
    it.each<[string, Filters]>([
      ['no filter', {}],
      ['a destination', { destination: 'Lisbon' }],
      ['ratings', { rating: [3, 4] }],
      ['a board', { boards: [3] }],
      ['everything at once', { destination: 'London', rating: [2, 4, 5], boards: [14, 3], maxPrice: 900 }],
    ])('with %s, count each option with every other filter applied', async (_name, filters) => {
      const answer = answerOf(await api.get(`${ACME}&${queryOf(filters)}`));
      const { destinations, boards, ratings, minPrice, maxPrice } = answer.metadata;
      expect({ destinations, boards, ratings, minPrice, maxPrice }).toEqual(bruteForceFacets(all.hotels, filters));
      const prices = answer.hotels.map((hotel) => hotel.minprice);
      expect(minPrice).toBe(Math.min(...prices));
      expect(maxPrice).toBe(Math.max(...prices));
    });
  });

  describe('sorting', () => {
    const reviewCounts = new Map<string, number>();
    let chainCentre: LatLon;
    beforeAll(async () => {
      for (const hotel of all.hotels) reviewCounts.set(hotel.code, (await sandbox.reviews.countReviews(hotel.code)).reviews);
      const chain = await sandbox.catalog.getChain('ACME');
      chainCentre = chain?.centre ?? { lat: 0, lon: 0 };
    });

    const keys: Record<Exclude<AvailabilitySortBy, 'DISTANCE'>, (a: Hotel, b: Hotel) => number> = {
      PRICE: (a, b) => a.minprice - b.minprice,
      POPULARITY: (a, b) => (reviewCounts.get(a.code) ?? 0) - (reviewCounts.get(b.code) ?? 0),
      NAME: (a, b) => new Intl.Collator('en', { numeric: true }).compare(a.name, b.name),
    };

    it.each([
      ['PRICE', 'ASC'],
      ['PRICE', 'DESC'],
      ['POPULARITY', 'ASC'],
      ['POPULARITY', 'DESC'],
      ['NAME', 'ASC'],
      ['NAME', 'DESC'],
    ] as const)('sorts by %s %s', async (sortBy, sortOrder) => {
      const answer = answerOf(await api.get(`${ACME}&sortBy=${sortBy}&sortOrder=${sortOrder}`));
      expect(answer.metadata).toMatchObject({ sortBy, sortOrder });
      expect(codes(answer.hotels).sort()).toEqual(codes(all.hotels).sort());
      expectOrdered(answer.hotels, keys[sortBy], sortOrder);
    });

    it.each(['ASC', 'DESC'] as const)("sorts by DISTANCE %s from the chain's centre", async (sortOrder) => {
      const answer = answerOf(await api.get(`${ACME}&sortBy=DISTANCE&sortOrder=${sortOrder}`));
      const fromCentre = (hotel: Hotel) => haversineKm(chainCentre, hotel.location);
      expectOrdered(answer.hotels, (a, b) => fromCentre(a) - fromCentre(b), sortOrder);
      // ACME's centre is Lisbon: its hotels come first going out, last coming in.
      const ends = sortOrder === 'ASC' ? answer.hotels[0] : answer.hotels.at(-1);
      expect(ends?.location.name).toBe('Lisbon');
    });

    it("sorts by DISTANCE from the centre of the chain's properties in the destination", async () => {
      const answer = answerOf(await api.get(`${ACME}&destination=london&sortBy=DISTANCE`));
      const properties = await Promise.all(
        (await sandbox.catalog.getChain('ACME'))?.propertyCodes.map((code) => sandbox.catalog.getProperty(code)) ?? [],
      );
      const londonProperties = properties.filter((property) => property?.destination === 'London');
      const london = geographicCentre(londonProperties.map((property) => property?.location ?? chainCentre));
      const fromLondon = (hotel: Hotel) => haversineKm(london ?? chainCentre, hotel.location);
      expect(answer.hotels.length).toBeGreaterThan(2);
      expectOrdered(answer.hotels, (a, b) => fromLondon(a) - fromLondon(b), 'ASC');
    });

    it('sorts names by the collation of the response language', async () => {
      const answer = answerOf(await api.get(`${ACME}&sortBy=NAME&lang=pt`));
      const collator = new Intl.Collator('pt', { numeric: true });
      expectOrdered(answer.hotels, (a, b) => collator.compare(a.name, b.name), 'ASC');
    });

    it('defaults to PRICE ASC, and POPULARITY to most reviewed first', async () => {
      expect(all.metadata).toMatchObject({ sortBy: 'PRICE', sortOrder: 'ASC' });
      const popular = answerOf(await api.get(`${ACME}&sortBy=POPULARITY`));
      expect(popular.metadata).toMatchObject({ sortBy: 'POPULARITY', sortOrder: 'DESC' });
      expectOrdered(popular.hotels, keys.POPULARITY, 'DESC');
    });
  });

  describe('languages', () => {
    it('lets lang win over Accept-Language, for texts and Content-Language', async () => {
      const response = await api.get(`${ACME}&lang=es`, { 'accept-language': 'fr' });
      const spanish = answerOf(response);
      expect(response.headers['content-language']).toBe('es');
      const english = new Map(all.hotels.map((hotel) => [hotel.code, hotel]));
      const showcase = spanish.hotels.find((hotel) => hotel.code === SANDBOX_FIXTURES.showcase);
      expect(showcase?.name).not.toBe(english.get(SANDBOX_FIXTURES.showcase)?.name);
      expect(showcase?.description).not.toBe(english.get(SANDBOX_FIXTURES.showcase)?.description);
      expect(new URL(showcase?.targetUrl ?? '').searchParams.get('lang')).toBe('es');
      // Prices do not depend on the language.
      expect(showcase?.minprice).toBe(english.get(SANDBOX_FIXTURES.showcase)?.minprice);
    });

    it('negotiates Accept-Language without lang, and falls back to it for a lang we do not speak', async () => {
      expect((await api.get(ACME, { 'accept-language': 'de-CH, en;q=0.5' })).headers['content-language']).toBe('de');
      expect((await api.get(`${ACME}&lang=nl`, { 'accept-language': 'it' })).headers['content-language']).toBe('it');
      expect((await api.get(`${ACME}&lang=pt-BR`)).headers['content-language']).toBe('pt');
    });

    it('falls back to English for untranslated texts', async () => {
      const [englishOnly] = SANDBOX_FIXTURES.englishOnly.filter((code) => code.startsWith('ACME'));
      const french = answerOf(await api.get(`${ACME}&lang=fr`));
      const name = (answer: AvailabilityMultiResponse) => answer.hotels.find((hotel) => hotel.code === englishOnly)?.name;
      expect(name(french)).toBeDefined();
      expect(name(french)).toBe(name(all));
    });
  });

  describe('400', () => {
    const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?$/;
    const cases: [string, string, string][] = [
      ['chainCode missing', `${STAY}&currency=EUR`, 'chainCode'],
      ['checkin missing', 'chainCode=ACME&checkout=2026-12-13&currency=EUR', 'checkin'],
      ['checkout missing', 'chainCode=ACME&checkin=2026-12-10&currency=EUR', 'checkout'],
      ['currency missing', `chainCode=ACME&${STAY}`, 'currency'],
      ['adults zero', `chainCode=ACME&${STAY}&currency=EUR&adults=0`, 'adults'],
      ['adults not a number', `chainCode=ACME&${STAY}&currency=EUR&adults=two`, 'adults'],
      ['impossible date', 'chainCode=ACME&checkin=2026-02-30&checkout=2026-12-13&currency=EUR', 'checkin'],
      ['checkout before checkin', 'chainCode=ACME&checkin=2026-12-13&checkout=2026-12-10&currency=EUR', 'checkout'],
      ['checkin in the past', 'chainCode=ACME&checkin=2026-11-01&checkout=2026-11-03&currency=EUR', 'checkin'],
      ['stay over 30 nights', 'chainCode=ACME&checkin=2026-12-10&checkout=2027-01-20&currency=EUR', 'checkout'],
      ['checkin over 365 days ahead', 'chainCode=ACME&checkin=2027-12-10&checkout=2027-12-13&currency=EUR', 'checkin'],
      ['unknown currency', `chainCode=ACME&${STAY}&currency=XYZ`, 'currency'],
      ['malformed currency', `chainCode=ACME&${STAY}&currency=EURO`, 'currency'],
      ['rating out of range', `chainCode=ACME&${STAY}&currency=EUR&rating=9`, 'rating'],
      ['board not a number', `chainCode=ACME&${STAY}&currency=EUR&boards=HB`, 'boards'],
      ['unknown sortBy', `chainCode=ACME&${STAY}&currency=EUR&sortBy=CHEAPEST`, 'sortBy'],
      ['unknown sortOrder', `chainCode=ACME&${STAY}&currency=EUR&sortOrder=UP`, 'sortOrder'],
      ['unknown device', `chainCode=ACME&${STAY}&currency=EUR&device=TV`, 'device'],
      ['negative minPrice', `chainCode=ACME&${STAY}&currency=EUR&minPrice=-5`, 'minPrice'],
      ['maxPrice below minPrice', `chainCode=ACME&${STAY}&currency=EUR&minPrice=300&maxPrice=100`, 'maxPrice'],
      ['malformed chainCode', `chainCode=${encodeURIComponent('AC ME')}&${STAY}&currency=EUR`, 'chainCode'],
    ];

    it.each(cases)('%s: { timestamp, message } naming %s', async (_name, query, param) => {
      const response = await api.get(`/v1/availability/multi?${query}`);
      expect(response.status).toBe(400);
      const body = AvailabilityError.parse(response.body);
      expect(Object.keys(response.body).sort()).toEqual(['message', 'timestamp']);
      expect(body.timestamp).toMatch(TIMESTAMP);
      // The pinned clock, in UTC and without an offset.
      expect(body.timestamp).toBe('2026-11-21T10:00:00.000');
      expect(body.message).toContain(param);
    });

    it('says which stay dates are wrong in plain words', async () => {
      const response = await api.get('/v1/availability/multi?chainCode=ACME&checkin=2026-12-13&checkout=2026-12-10&currency=EUR');
      expect(response.body.message).toBe('checkout: must be after checkin.');
    });

    it('lets an allowed widget read the error (CORS headers on the 400)', async () => {
      const response = await api.get(`/v1/availability/multi?chainCode=ACME&${STAY}`, { origin: ACME_WIDGET_ORIGIN });
      expect(response.status).toBe(400);
      expect(response.headers['access-control-allow-origin']).toBe(ACME_WIDGET_ORIGIN);
    });
  });

  describe('401', () => {
    it('answers a chain code that cannot be resolved with an empty body', async () => {
      const response = await api.get(`/v1/availability/multi?chainCode=NOPE&${STAY}&currency=EUR`);
      expect(response.status).toBe(401);
      expect(response.text).toBe('');
      expect(response.headers['content-length']).toBe('0');
    });

    it('is case-sensitive about chain codes, as about every catalog code', async () => {
      expect((await api.get(`/v1/availability/multi?chainCode=acme&${STAY}&currency=EUR`)).status).toBe(401);
    });
  });

  describe('CORS', () => {
    it("allows exactly the chain's widget origins, and varies on Origin", async () => {
      const allowed = await api.get(ACME, { origin: ACME_WIDGET_ORIGIN });
      expect(allowed.headers['access-control-allow-origin']).toBe(ACME_WIDGET_ORIGIN);
      expect(String(allowed.headers.vary)).toMatch(/\bOrigin\b/);
      // The widget's script may read the request id and the rate-limit figures.
      expect(String(allowed.headers['access-control-expose-headers'])).toMatch(/X-Request-Id.*RateLimit-Remaining/);

      const stranger = await api.get(ACME, { origin: 'https://evil.example' });
      expect(stranger.status).toBe(200);
      expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
      expect(String(stranger.headers.vary)).toMatch(/\bOrigin\b/);

      // Another chain's origin is a stranger to this one.
      const otherChain = await api.get(ACME, { origin: 'https://blue.example' });
      expect(otherChain.headers['access-control-allow-origin']).toBeUndefined();
      const blue = await api.get(`/v1/availability/multi?chainCode=BLUE&${STAY}&currency=EUR`, { origin: 'https://blue.example' });
      expect(blue.headers['access-control-allow-origin']).toBe('https://blue.example');
    });

    it('answers the preflight of an allowed origin, and not of another', async () => {
      const preflight = (origin: string) =>
        api.request('OPTIONS', ACME, { headers: { origin, 'access-control-request-method': 'GET' } });
      const allowed = await preflight(ACME_WIDGET_ORIGIN);
      expect(allowed.status).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe(ACME_WIDGET_ORIGIN);
      expect(String(allowed.headers['access-control-allow-methods'])).toMatch(/\bGET\b/);
      expect(String(allowed.headers.vary)).toMatch(/\bOrigin\b/);

      const refused = await preflight('https://evil.example');
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('does not reach the other /v1 routes', async () => {
      const response = await api.request('OPTIONS', '/v1/shopper/ACME001', {
        headers: { origin: ACME_WIDGET_ORIGIN, 'access-control-request-method': 'GET' },
      });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('OpenAPI', () => {
    it('documents the endpoint as keyless, with its 400 and empty 401', async () => {
      const document = (await api.get('/openapi.json')).body;
      const operation = document.paths['/v1/availability/multi'].get;
      expect(operation.tags).toEqual(['availability']);
      // An empty security list is OpenAPI's way of saying "no key" (linters ask every operation to say it).
      expect(operation.security).toEqual([]);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
      expect(operation.responses['401'].content).toBeUndefined();
      const parameters = operation.parameters.map((parameter: { name: string }) => parameter.name);
      expect(parameters).toEqual(expect.arrayContaining(['chainCode', 'checkin', 'checkout', 'currency', 'rating', 'boards', 'propertyName']));
    });
  });
});

describe('chain MEGA', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('answers its 500 properties in one request', async () => {
    const answer = answerOf(await api.get(`/v1/availability/multi?chainCode=MEGA&${STAY}&currency=USD`));
    expect(answer.hotels.length).toBeGreaterThan(400);
    expect(answer.symbol).toBe('$');
    expect(Object.values(answer.metadata.destinations).reduce((sum, count) => sum + count, 0)).toBe(answer.hotels.length);
  });
});

describe('a property whose lookup fails', () => {
  const FAILING = 'ACME002';
  let api: RunningApi;
  beforeAll(async () => {
    const world = createSandboxConnectors({ now: () => TEST_NOW });
    // An upstream outage for one property, at the port: everything else is the sandbox as it is.
    const bookingEngine: BookingEngine = {
      getAvailability: (code, request) =>
        code === FAILING
          ? Promise.reject(new Error('booking engine timed out'))
          : world.bookingEngine.getAvailability(code, request),
      getChainAvailability: async (codes, request) => {
        const healthy = await world.bookingEngine.getChainAvailability(codes.filter((code) => code !== FAILING), request);
        return { properties: healthy.properties, failures: [{ propertyCode: FAILING, error: new Error('booking engine timed out') }] };
      },
      getLowestMonthlyRates: (code, from, months) => world.bookingEngine.getLowestMonthlyRates(code, from, months),
      getArrivalCalendar: (code, request) => world.bookingEngine.getArrivalCalendar(code, request),
      getArrivalCalendars: (codes, request) => world.bookingEngine.getArrivalCalendars(codes, request),
    };
    const connectors: Connectors = { ...world, bookingEngine };
    api = await startApi({ connectors });
  });
  afterAll(() => api.close());

  it('is left out and named, and the rest of the chain is answered', async () => {
    const healthy = await startApi();
    try {
      const whole = await healthy.get(ACME);
      const expected = answerOf(whole);
      expect(expected.unavailableProperties).toBeUndefined();
      expect(whole.headers['x-partial-result']).toBeUndefined();
      const partial = await api.get(ACME);
      const answer = answerOf(partial);
      expect(codes(expected.hotels)).toContain(FAILING);
      expect(codes(answer.hotels)).toEqual(codes(expected.hotels).filter((code) => code !== FAILING));
      expect(answer.unavailableProperties).toEqual([FAILING]);
      expect(partial.headers['x-partial-result']).toBe('true');
    } finally {
      await healthy.close();
    }
  });
});

describe('429', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ env: { AVAILABILITY_RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_MS: '60000' } });
  });
  afterAll(() => api.close());

  it('limits each chain and client address, in the { timestamp, message } shape', async () => {
    await api.get(ACME);
    await api.get(ACME);
    const limited = await api.get(ACME);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(AvailabilityError.parse(limited.body).message).toMatch(/Too many requests/);
    // Another chain has its own budget.
    expect((await api.get(`/v1/availability/multi?chainCode=BLUE&${STAY}&currency=EUR`)).status).toBe(200);
  });
});
