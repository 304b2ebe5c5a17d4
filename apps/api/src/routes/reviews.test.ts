import { createSandboxConnectors, SANDBOX_FIXTURES, type Connectors, type PropertyReviews } from '@hotelapi/connectors';
import {
  ReviewScoreBand,
  ReviewerCategory,
  ReviewsResponse,
  Season,
  scoreBand,
  seasonOf,
  type FilterTotals,
  type ReviewDetails,
  type ReviewSort,
} from '@hotelapi/domain';
import { countryName } from '@hotelapi/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITED_AUTH, SANDBOX_AUTH, startApi, TEST_NOW, type RunningApi } from '../test-support/start-api.js';

/** The busy, fully translated property: over 1,000 reviews, so more than 10 pages of 100. */
const SHOWCASE = SANDBOX_FIXTURES.showcase;
/** A few hundred reviews: two pages of 100, enough to check order across a page boundary. */
const TWO_PAGES = 'ACME003';
/** Sydney: seasons flip south of the equator. */
const SOUTHERN = 'ACME021';
const [WITHOUT_REVIEWS] = SANDBOX_FIXTURES.withoutReviews;
const [WITHOUT_FACILITIES] = SANDBOX_FIXTURES.withoutFacilities;

type Headers = Record<string, string>;
type Reviews = ReviewsResponse;

/** A filter as the brute force reads it: the query parameters, already in the case the API parses them into. */
interface BruteForceFilters {
  readonly category?: string;
  readonly score?: string;
  readonly country?: string;
  readonly reviewerLanguages?: readonly string[];
  readonly season?: string;
}

describe('GET /v1/reviews/{code}', () => {
  // The API and the tests read the same sandbox instance, so the tests can see hidden reviews and raw texts.
  const connectors = createSandboxConnectors({ now: () => TEST_NOW });
  let api: RunningApi;

  /** A 200 answer, checked against the documented shape. */
  async function reviews(path: string, headers: Headers = SANDBOX_AUTH): Promise<Reviews> {
    const response = await api.get(path, headers);
    expect(response.status, response.text).toBe(200);
    return ReviewsResponse.parse(response.body);
  }

  /** Every review a query matches, page by page at the largest page size. */
  async function walk(code: string, query = '', headers: Headers = SANDBOX_AUTH): Promise<ReviewDetails[]> {
    const walked: ReviewDetails[] = [];
    for (let page = 1; ; page++) {
      const body = await reviews(`/v1/reviews/${code}?limit=100&page=${page}${query && `&${query}`}`, headers);
      walked.push(...(body.data?.userReviews ?? []));
      if (page >= body.metadata.totalPages) {
        expect(walked).toHaveLength(body.metadata.totalFound);
        return walked;
      }
    }
  }

  async function sourceOf(code: string): Promise<PropertyReviews> {
    const source = await connectors.reviews.getReviews(code);
    if (!source) throw new Error(`The sandbox has no reviews source for ${code}`);
    return source;
  }

  async function latitudeOf(code: string): Promise<number> {
    const property = await connectors.catalog.getProperty(code);
    if (!property) throw new Error(`The sandbox has no property ${code}`);
    return property.location.lat;
  }

  /** The reviews a filter should keep, decided review by review from the definition. */
  function bruteForceFilter(all: readonly ReviewDetails[], filters: BruteForceFilters, latitude: number): ReviewDetails[] {
    return all.filter(
      (review) =>
        (filters.category === undefined || review.category === filters.category) &&
        (filters.score === undefined || scoreBand(review.score) === filters.score) &&
        (filters.country === undefined || review.country === filters.country) &&
        (filters.reviewerLanguages === undefined || filters.reviewerLanguages.includes(review.language)) &&
        (filters.season === undefined || seasonOf(review.dateReviewed, latitude) === filters.season),
    );
  }

  /** Each option counted by filtering all reviews with that option in place of its dimension's filter. */
  function bruteForceTotals(all: readonly ReviewDetails[], filters: BruteForceFilters, latitude: number): FilterTotals {
    const count = (replaced: BruteForceFilters) => bruteForceFilter(all, { ...filters, ...replaced }, latitude).length;
    return {
      categories: Object.fromEntries(ReviewerCategory.options.map((category) => [category, count({ category })])) as FilterTotals['categories'],
      scores: Object.fromEntries(ReviewScoreBand.options.map((score) => [score, count({ score })])) as FilterTotals['scores'],
      seasons: Object.fromEntries(Season.options.map((season) => [season, count({ season })])) as FilterTotals['seasons'],
    };
  }

  const ids = (list: readonly ReviewDetails[]) => list.map((review) => review.id);

  let showcase: ReviewDetails[];
  let showcaseLatitude: number;

  beforeAll(async () => {
    api = await startApi({ connectors });
    showcase = await walk(SHOWCASE);
    showcaseLatitude = await latitudeOf(SHOWCASE);
  });
  afterAll(() => api.close());

  describe('200', () => {
    it('answers the documented shape with the defaults: first page of 10, newest first, terse', async () => {
      const response = await api.get(`/v1/reviews/${SHOWCASE}`, SANDBOX_AUTH);
      expect(response.status).toBe(200);
      expect(response.headers['content-language']).toBe('en');
      expect(String(response.headers.vary)).toMatch(/Accept-Language/);
      const body = ReviewsResponse.parse(response.body);
      expect(body.error).toBeNull();
      expect(body.metadata).toMatchObject({ apiVersion: 'v1', page: 1, limit: 10, totalFound: showcase.length, totalPages: Math.ceil(showcase.length / 10) });
      expect(body.metadata.sortingOptions).toEqual(['dateReviewed', 'mostRelevant', 'score']);
      expect(ids(body.data?.userReviews ?? [])).toEqual(ids(showcase.slice(0, 10)));
      expect(body.data).not.toHaveProperty('facilities');
      expect(body.data).not.toHaveProperty('tripTypes');
    });

    it('shows every visible review with every field, and never a hidden one', async () => {
      const source = await sourceOf(SHOWCASE);
      const visible = source.reviews.filter((review) => !review.hidden);
      expect(visible.length).toBeLessThan(source.reviews.length);
      expect(new Set(ids(showcase))).toEqual(new Set(visible.map((review) => review.id)));
      const byId = new Map(visible.map((review) => [review.id, review]));
      for (const review of showcase) {
        const original = byId.get(review.id);
        expect(review.hidden).toBe(false);
        expect(review).toMatchObject({
          name: original?.name,
          category: original?.category,
          dateReviewed: original?.dateReviewed,
          title: original?.title,
          description: original?.description,
          country: original?.country,
          language: original?.language,
          channel: original?.channel,
        });
        expect(review.photoUrl).toBe(original?.photoUrl);
        // The 10-point scale, whatever the source's own.
        expect(review.score).toBeCloseTo(((original?.score ?? NaN) / (original?.outOfScore ?? NaN)) * 10, 1);
      }
    });

    it('scores each source on its own scale and the whole on 10, weighted by review count, hidden ones left out', async () => {
      const body = await reviews(`/v1/reviews/${SHOWCASE}`);
      const data = body.data;
      const visible = (await sourceOf(SHOWCASE)).reviews.filter((review) => !review.hidden);
      expect(data?.reviews).toBe(visible.length);
      expect(new Set(data?.channels.map((channel) => channel.outOfScore))).toEqual(new Set([10, 6, 5]));
      for (const channel of data?.channels ?? []) {
        const own = visible.filter((review) => review.channel === channel.title);
        expect(channel.total).toBe(own.length);
        expect(channel.score).toBeCloseTo(own.reduce((sum, review) => sum + review.score, 0) / own.length, 1);
      }
      const overall = visible.reduce((sum, review) => sum + (review.score / review.outOfScore) * 10, 0) / visible.length;
      expect(data?.score).toBeCloseTo(overall, 1);
      expect(body.summary).toEqual({ scoreBand: scoreBand(data?.score ?? NaN), latestReview: showcase[0]?.dateReviewed });
      expect(data?.timeUpdated).toBe((await sourceOf(SHOWCASE)).updatedAt.toISOString());
    });

    it('answers a property without reviews with an empty, zero-counted answer', async () => {
      const body = await reviews(`/v1/reviews/${WITHOUT_REVIEWS}?verbose=true`);
      expect(body.data).toMatchObject({ channels: [], score: null, reviews: 0, userReviews: [], facilities: null });
      expect(body.data).not.toHaveProperty('tripTypes');
      expect(body.summary).toEqual({ scoreBand: null, latestReview: null });
      expect(body.metadata).toMatchObject({ totalFound: 0, totalPages: 0, countries: {} });
      for (const counts of Object.values(body.metadata.filterTotals)) expect(Object.values(counts).every((count) => count === 0)).toBe(true);
    });

    it('also answers the singular path of the contract’s sample, which the OpenAPI document leaves out', async () => {
      const plural = await reviews(`/v1/reviews/${SHOWCASE}?limit=5&sort=score`);
      const singular = await reviews(`/v1/review/${SHOWCASE}?limit=5&sort=score`);
      expect(singular.data).toEqual(plural.data);
      expect(singular.metadata.filterTotals).toEqual(plural.metadata.filterTotals);
      const paths = Object.keys((await api.get('/openapi.json')).body.paths);
      expect(paths).toContain('/v1/reviews/{code}');
      expect(paths).not.toContain('/v1/review/{code}');
    });
  });

  describe('filters', () => {
    const single: [string, string, BruteForceFilters][] = [
      ['category', 'category=FAMILY', { category: 'FAMILY' }],
      ['score band', 'score=SUPERB', { score: 'SUPERB' }],
      ['a low score band', 'score=POOR', { score: 'POOR' }],
      ['country, in any case', 'country=de', { country: 'DE' }],
      ['one review language', 'reviewerLanguages=fr', { reviewerLanguages: ['fr'] }],
      ['review languages, comma-separated', 'reviewerLanguages=de,PT', { reviewerLanguages: ['de', 'pt'] }],
      ['review languages, repeated', 'reviewerLanguages=de&reviewerLanguages=pt', { reviewerLanguages: ['de', 'pt'] }],
      ['season', 'season=WINTER', { season: 'WINTER' }],
    ];
    it.each(single)('filters by %s alone', async (_name, query, filters) => {
      const expected = bruteForceFilter(showcase, filters, showcaseLatitude);
      expect(expected.length).toBeGreaterThan(0);
      expect(ids(await walk(SHOWCASE, query))).toEqual(ids(expected));
    });

    it.each<[string, BruteForceFilters]>([
      ['category=COUPLE&season=SUMMER', { category: 'COUPLE', season: 'SUMMER' }],
      ['score=GOOD&reviewerLanguages=en,pt&country=PT', { score: 'GOOD', reviewerLanguages: ['en', 'pt'], country: 'PT' }],
      ['category=SOLO&score=SUPERB&season=AUTUMN&reviewerLanguages=en,de,es,fr', {
        category: 'SOLO',
        score: 'SUPERB',
        season: 'AUTUMN',
        reviewerLanguages: ['en', 'de', 'es', 'fr'],
      }],
    ])('combines %s with AND', async (query, filters) => {
      const expected = bruteForceFilter(showcase, filters, showcaseLatitude);
      expect(expected.length).toBeGreaterThan(0);
      expect(ids(await walk(SHOWCASE, query))).toEqual(ids(expected));
    });

    it('finds nothing, without an error, when no review matches', async () => {
      const body = await reviews(`/v1/reviews/${SHOWCASE}?country=AQ`);
      expect(body.data?.userReviews).toEqual([]);
      expect(body.metadata).toMatchObject({ totalFound: 0, totalPages: 0 });
      // The property's own figures do not shrink with the filters.
      expect(body.data?.reviews).toBe(showcase.length);
    });

    it('reads the season at the property: December is summer in Sydney', async () => {
      const summer = await walk(SOUTHERN, 'season=SUMMER');
      expect(summer.length).toBeGreaterThan(0);
      expect(summer.every((review) => ['12', '01', '02'].includes(review.dateReviewed.slice(5, 7)))).toBe(true);
      const all = await walk(SOUTHERN);
      expect(ids(summer)).toEqual(ids(bruteForceFilter(all, { season: 'SUMMER' }, await latitudeOf(SOUTHERN))));
    });
  });

  describe('sorting', () => {
    /** The documented `mostRelevant` formula, recency measured over the reviews given. */
    function relevance(all: readonly ReviewDetails[], callerLanguage: string): (review: ReviewDetails) => number {
      const days = all.map((review) => Date.parse(review.dateReviewed));
      const first = Math.min(...days);
      const span = Math.max(...days) - first;
      return (review) =>
        4 * Number(review.language === callerLanguage) +
        2 * Number(review.title !== '' || review.description !== '') +
        (span > 0 ? (Date.parse(review.dateReviewed) - first) / span : 1);
    }

    /** Every neighbour in order of the key, ties broken by id, in the asked direction. */
    function expectOrdered(list: readonly ReviewDetails[], key: (review: ReviewDetails) => number, asc: boolean): void {
      for (let index = 1; index < list.length; index++) {
        const [a, b] = [list[index - 1], list[index]];
        const comparison = key(a) - key(b) || a.id - b.id;
        expect(asc ? comparison < 0 : comparison > 0, `${a.id} before ${b.id}`).toBe(true);
      }
    }

    const keys: Record<ReviewSort, (all: readonly ReviewDetails[]) => (review: ReviewDetails) => number> = {
      dateReviewed: () => (review) => Date.parse(review.dateReviewed),
      score: () => (review) => review.score,
      mostRelevant: (all) => relevance(all, 'en'),
    };

    it.each([
      ['dateReviewed', true],
      ['dateReviewed', false],
      ['score', true],
      ['score', false],
      ['mostRelevant', true],
      ['mostRelevant', false],
    ] as const)('orders by %s, asc=%s, across pages, ties by id', async (sort, asc) => {
      const ordered = await walk(TWO_PAGES, `sort=${sort}&asc=${asc}`);
      expect(ordered.length).toBeGreaterThan(100);
      expectOrdered(ordered, keys[sort](ordered), asc);
    });

    it('sorts by date, newest first, unless told otherwise', async () => {
      const implicit = await reviews(`/v1/reviews/${TWO_PAGES}?limit=100`);
      const explicit = await reviews(`/v1/reviews/${TWO_PAGES}?limit=100&sort=dateReviewed&asc=false`);
      expect(implicit.data?.userReviews).toEqual(explicit.data?.userReviews);
    });

    it('puts reviews in the caller’s language first when most relevant', async () => {
      const german = await walk(TWO_PAGES, 'sort=mostRelevant', { ...SANDBOX_AUTH, 'accept-language': 'de-AT, en;q=0.5' });
      expectOrdered(german, relevance(german, 'de'), false);
      const firstOther = german.findIndex((review) => review.language !== 'de');
      expect(firstOther).toBeGreaterThan(0);
      expect(german.slice(firstOther).some((review) => review.language === 'de')).toBe(false);
    });
  });

  describe('paging', () => {
    it('walks every page of a busy property and sees each review exactly once', () => {
      expect(showcase.length).toBeGreaterThan(300);
      expect(new Set(ids(showcase)).size).toBe(showcase.length);
    });

    it('serves pages of 1 and of 100', async () => {
      const one = await reviews(`/v1/reviews/${SHOWCASE}?limit=1&page=3`);
      expect(ids(one.data?.userReviews ?? [])).toEqual([showcase[2]?.id]);
      expect(one.metadata).toMatchObject({ page: 3, limit: 1, totalFound: showcase.length, totalPages: showcase.length });
      const hundred = await reviews(`/v1/reviews/${SHOWCASE}?limit=100&page=2`);
      expect(ids(hundred.data?.userReviews ?? [])).toEqual(ids(showcase.slice(100, 200)));
    });

    it('answers a page past the end with no reviews and the totals', async () => {
      const totalPages = Math.ceil(showcase.length / 100);
      const last = await reviews(`/v1/reviews/${SHOWCASE}?limit=100&page=${totalPages}`);
      expect(last.data?.userReviews).toHaveLength(showcase.length - (totalPages - 1) * 100);
      const past = await reviews(`/v1/reviews/${SHOWCASE}?limit=100&page=${totalPages + 1}`);
      expect(past.data?.userReviews).toEqual([]);
      expect(past.metadata).toMatchObject({ page: totalPages + 1, totalFound: showcase.length, totalPages });
    });
  });

  describe('filter totals', () => {
    it.each<[string, BruteForceFilters]>([
      ['', {}],
      ['category=FAMILY', { category: 'FAMILY' }],
      ['score=GOOD', { score: 'GOOD' }],
      ['season=SPRING', { season: 'SPRING' }],
      ['country=GB&reviewerLanguages=en', { country: 'GB', reviewerLanguages: ['en'] }],
      ['category=COUPLE&score=SUPERB&season=SUMMER&reviewerLanguages=pt,es', {
        category: 'COUPLE',
        score: 'SUPERB',
        season: 'SUMMER',
        reviewerLanguages: ['pt', 'es'],
      }],
    ])('count each option with the other active filters: %j', async (query, filters) => {
      const body = await reviews(`/v1/reviews/${SHOWCASE}?limit=1&${query}`);
      expect(body.metadata.filterTotals).toEqual(bruteForceTotals(showcase, filters, showcaseLatitude));
    });

    it('lists the reviewers’ countries, named', async () => {
      const body = await reviews(`/v1/reviews/${SHOWCASE}?limit=1&category=SOLO`);
      const countries = [...new Set(showcase.map((review) => review.country))].sort();
      expect(Object.keys(body.metadata.countries).sort()).toEqual(countries);
      for (const code of countries) expect(body.metadata.countries[code]).toBe(countryName(code, 'en'));
    });
  });

  describe('verbose', () => {
    it('adds translated facilities and trip types, the per-language figures only on `all`', async () => {
      const body = await reviews(`/v1/reviews/${SHOWCASE}?verbose=true&limit=1`);
      const source = await sourceOf(SHOWCASE);
      expect(body.data?.facilities?.map((facility) => facility.facility)).toEqual(source.facilities?.map((facility) => facility.facility.en));
      const tripTypes = body.data?.tripTypes ?? {};
      expect(Object.keys(tripTypes).sort()).toEqual(Object.keys(source.tripTypes ?? {}).sort());
      expect(Object.keys(tripTypes.all?.byLanguage ?? {}).length).toBeGreaterThan(5);
      for (const [tripType, figures] of Object.entries(tripTypes)) {
        if (tripType !== 'all') expect(figures).not.toHaveProperty('byLanguage');
      }
      // Terse and verbose agree on everything else.
      const terse = await reviews(`/v1/reviews/${SHOWCASE}?verbose=false&limit=1`);
      expect({ ...body.data, facilities: undefined, tripTypes: undefined }).toEqual({ ...terse.data, facilities: undefined, tripTypes: undefined });
    });

    it('gives null facilities, and still trip types, when the source has no facility data', async () => {
      const body = await reviews(`/v1/reviews/${WITHOUT_FACILITIES}?verbose=true&limit=1`);
      expect(body.data?.facilities).toBeNull();
      expect(body.data?.tripTypes?.all).toBeDefined();
    });
  });

  describe('languages', () => {
    it('translates countries, facilities and category texts, falling back to English where a text is untranslated', async () => {
      const source = await sourceOf(SHOWCASE);
      const rawCategories = source.tripTypes?.all?.categories ?? [];
      // The sandbox leaves some category texts untranslated, so the fallback really runs.
      expect(rawCategories.some((category) => !category.shortText.de || !category.text.de)).toBe(true);

      const response = await api.get(`/v1/reviews/${SHOWCASE}?verbose=true&limit=1`, { ...SANDBOX_AUTH, 'accept-language': 'de-CH, en;q=0.3' });
      expect(response.headers['content-language']).toBe('de');
      const body = ReviewsResponse.parse(response.body);
      expect(body.data?.tripTypes?.all?.categories.map(({ text, shortText }) => ({ text, shortText }))).toEqual(
        rawCategories.map((category) => ({ text: category.text.de ?? category.text.en, shortText: category.shortText.de ?? category.shortText.en })),
      );
      expect(body.data?.facilities?.map((facility) => facility.facility)).toEqual(source.facilities?.map((facility) => facility.facility.de));
      for (const [code, name] of Object.entries(body.metadata.countries)) expect(name).toBe(countryName(code, 'de'));
      expect(body.metadata.countries.DE).toBe('Deutschland');
    });

    it('falls back from a regional to the plain language, and from an unsupported one to English', async () => {
      const brazilian = await api.get(`/v1/reviews/${SHOWCASE}?limit=1`, { ...SANDBOX_AUTH, 'accept-language': 'pt-BR' });
      expect(brazilian.headers['content-language']).toBe('pt');
      expect(brazilian.body.metadata.countries.DE).toBe(countryName('DE', 'pt'));
      const english = await reviews(`/v1/reviews/${SHOWCASE}?verbose=true&limit=3`);
      const unsupported = await api.get(`/v1/reviews/${SHOWCASE}?verbose=true&limit=3`, { ...SANDBOX_AUTH, 'accept-language': 'ja, nl;q=0.8' });
      expect(unsupported.headers['content-language']).toBe('en');
      expect(unsupported.body.data).toEqual(english.data);
      expect(unsupported.body.metadata.countries).toEqual(english.metadata.countries);
    });
  });

  describe('400', () => {
    it.each([
      ['category', 'category=BUSINESS'],
      ['score', 'score=EXCELLENT'],
      ['score', 'score=9'],
      ['season', 'season=MONSOON'],
      ['country', 'country=DEU'],
      ['reviewerLanguages', 'reviewerLanguages=en,,fr'],
      ['reviewerLanguages', 'reviewerLanguages=english'],
      ['verbose', 'verbose=yes'],
      ['limit', 'limit=101'],
      ['limit', 'limit=0'],
      ['limit', 'limit=ten'],
      ['page', 'page=0'],
      ['page', 'page=-2'],
      ['sort', 'sort=date'],
      ['asc', 'asc=1'],
    ])('names %s when the query is %s', async (param, query) => {
      const response = await api.get(`/v1/reviews/${SHOWCASE}?${query}`, SANDBOX_AUTH);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ data: null, error: { type: 'invalid_request_error', code: 'parameter_invalid', param } });
      expect(response.body.error.message).toContain(param);
    });

    it('names code when the property code is malformed', async () => {
      const response = await api.get('/v1/reviews/not%20a%20code', SANDBOX_AUTH);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ type: 'invalid_request_error', param: 'code' });
    });
  });

  describe('401, 403 and 404', () => {
    it.each([
      ['missing', {}, 'api_key_missing'],
      ['unknown', { authorization: 'Bearer sk_live_0000000000000000000000000000000' }, 'api_key_invalid'],
    ])('refuses a %s key', async (_name, headers, code) => {
      const response = await api.get(`/v1/reviews/${SHOWCASE}`, headers as Headers);
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(response.body).toMatchObject({ data: null, error: { type: 'authentication_error', code } });
    });

    it('gives a limited key 403 for a property it may not read, existing or not, on both paths', async () => {
      for (const path of ['/v1/reviews/ACME002', '/v1/reviews/NOPE999', '/v1/review/ACME002']) {
        const response = await api.get(path, LIMITED_AUTH);
        expect(response.status, path).toBe(403);
        expect(response.body.error).toMatchObject({ type: 'permission_error', code: 'property_forbidden', param: 'code' });
      }
    });

    it('lets a limited key read its property and its chain', async () => {
      await reviews(`/v1/reviews/${SHOWCASE}?limit=1`, LIMITED_AUTH);
      await reviews('/v1/reviews/BLUE001?limit=1', LIMITED_AUTH);
    });

    it('gives a key that reads everything 404 for an unknown property', async () => {
      const response = await api.get('/v1/reviews/NOPE999', SANDBOX_AUTH);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ data: null, error: { type: 'not_found_error', code: 'property_not_found', param: 'code' } });
    });
  });
});

describe('a property the reviews source does not know', () => {
  let api: RunningApi;
  beforeAll(async () => {
    const sandbox = createSandboxConnectors({ now: () => TEST_NOW });
    // Another adapter of the reviews port: one that has never heard of any property.
    const connectors: Connectors = {
      ...sandbox,
      reviews: { getReviews: async () => undefined, countReviews: async () => ({ reviews: 0 }), countReviewsOf: async () => new Map() },
    };
    api = await startApi({ connectors });
  });
  afterAll(() => api.close());

  it('is answered as a property nobody has reviewed yet', async () => {
    const response = await api.get(`/v1/reviews/${SHOWCASE}?verbose=true`, SANDBOX_AUTH);
    expect(response.status).toBe(200);
    const body = ReviewsResponse.parse(response.body);
    expect(body.data).toEqual({ channels: [], score: null, reviews: 0, timeUpdated: TEST_NOW.toISOString(), userReviews: [], facilities: null });
    expect(body.metadata).toMatchObject({ totalFound: 0, totalPages: 0, countries: {} });
  });
});

describe('429', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ env: { RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_MS: '60000' } });
  });
  afterAll(() => api.close());

  it('limits each key, with Retry-After, in the envelope shape', async () => {
    const first = await api.get(`/v1/reviews/${SHOWCASE}?limit=1`, SANDBOX_AUTH);
    expect(first.headers['ratelimit-limit']).toBe('2');
    expect((await api.get(`/v1/reviews/${SHOWCASE}?limit=1`, SANDBOX_AUTH)).status).toBe(200);
    const limited = await api.get(`/v1/reviews/${SHOWCASE}?limit=1`, SANDBOX_AUTH);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(limited.body).toMatchObject({ data: null, error: { type: 'rate_limit_error', code: 'rate_limited' } });
    // Another key has its own budget.
    expect((await api.get(`/v1/reviews/${SHOWCASE}?limit=1`, LIMITED_AUTH)).status).toBe(200);
  });
});
