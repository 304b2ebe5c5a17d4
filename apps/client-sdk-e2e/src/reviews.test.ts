import { startApi, type RunningApi } from '@hotelapi/api/testing';
import { InvalidRequestError, NotFoundError, PermissionError, type HotelApiClient, type ReviewDetails } from '@hotelapi/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, LIMITED_KEY, recordedClientFor } from './support/api.js';

/** A sandbox property with more than 300 reviews: four pages of 100, the last one partial. */
const BUSY_PROPERTY = 'ACME031';

describe('client.reviews', () => {
  let api: RunningApi;
  let client: HotelApiClient;
  beforeAll(async () => {
    api = await startApi();
    client = clientFor(api);
  });
  afterAll(() => api.close());

  describe('list', () => {
    it('returns one page with scores, facets and where the page sits', async () => {
      const result = await client.reviews.list('ACME001', { limit: 5, page: 2 });
      expect(result.data.userReviews).toHaveLength(5);
      expect(result.data.reviews).toBeGreaterThan(0);
      expect(result.data.channels.length).toBeGreaterThan(0);
      expect(result.data.facilities).toBeUndefined();
      expect(result.metadata).toMatchObject({ page: 2, limit: 5, apiVersion: 'v1' });
      expect(result.metadata.totalPages).toBe(Math.ceil(result.metadata.totalFound / 5));
      expect(Object.keys(result.metadata.filterTotals.seasons).sort()).toEqual(['AUTUMN', 'SPRING', 'SUMMER', 'WINTER']);
      expect(result.summary.scoreBand).toEqual(expect.any(String));
      expect(result.requestId).toBe(result.metadata.requestId);
    });

    it('sends reviewerLanguages comma-separated and applies every filter', async () => {
      const { client: recorded, exchanges } = recordedClientFor(api);
      const result = await recorded.reviews.list('ACME001', {
        reviewerLanguages: ['en', 'fr'],
        score: 'SUPERB',
        limit: 100,
        sort: 'score',
        asc: true,
      });
      expect(exchanges[0]?.url.search).toContain('reviewerLanguages=en%2Cfr');
      expect(result.data.userReviews.length).toBeGreaterThan(0);
      for (const review of result.data.userReviews) {
        expect(['en', 'fr']).toContain(review.language);
        expect(review.score).toBeGreaterThanOrEqual(9);
      }
      const scores = result.data.userReviews.map((review) => review.score);
      expect(scores).toEqual([...scores].sort((a, b) => a - b));
    });

    it('adds facilities and trip types when verbose', async () => {
      const result = await client.reviews.list('ACME001', { verbose: true, limit: 1 });
      expect(Array.isArray(result.data.facilities)).toBe(true);
      expect(result.data.tripTypes?.['all']?.byLanguage).toBeDefined();
    });

    it('400: InvalidRequestError for a page larger than the API serves', async () => {
      await expect(client.reviews.list('ACME001', { limit: 101 })).rejects.toMatchObject({
        constructor: InvalidRequestError,
        status: 400,
        param: 'limit',
      });
    });

    it('403 and 404', async () => {
      await expect(clientFor(api, { apiKey: LIMITED_KEY }).reviews.list('ACME002')).rejects.toBeInstanceOf(PermissionError);
      await expect(client.reviews.list('NOPE999')).rejects.toBeInstanceOf(NotFoundError);
    });
  });

  describe('iterate', () => {
    it(`yields every review of ${BUSY_PROPERTY} once, fetching 100 a page`, async () => {
      const { metadata } = await client.reviews.list(BUSY_PROPERTY, { limit: 1 });
      expect(metadata.totalFound, 'the sandbox property must have more than 3 pages of 100').toBeGreaterThan(300);

      const { client: recorded, exchanges } = recordedClientFor(api);
      const reviews: ReviewDetails[] = [];
      for await (const review of recorded.reviews.iterate(BUSY_PROPERTY)) reviews.push(review);

      expect(reviews).toHaveLength(metadata.totalFound);
      expect(new Set(reviews.map((review) => review.id)).size).toBe(metadata.totalFound);
      const pages = exchanges.map((exchange) => [exchange.url.searchParams.get('page'), exchange.url.searchParams.get('limit')]);
      expect(pages).toEqual(Array.from({ length: Math.ceil(metadata.totalFound / 100) }, (_, index) => [String(index + 1), '100']));
    });

    it('keeps the filters and the page size on every page', async () => {
      const filters = { reviewerLanguages: ['de'], category: 'COUPLE', limit: 25 } as const;
      const { metadata } = await client.reviews.list('ACME001', filters);
      expect(metadata.totalPages).toBeGreaterThan(1);
      const reviews: ReviewDetails[] = [];
      for await (const review of client.reviews.iterate('ACME001', filters)) reviews.push(review);
      expect(reviews).toHaveLength(metadata.totalFound);
      expect(reviews.every((review) => review.language === 'de' && review.category === 'COUPLE')).toBe(true);
    });

    it('fetches no further page once the loop stops', async () => {
      const { client: recorded, exchanges } = recordedClientFor(api);
      let seen = 0;
      for await (const review of recorded.reviews.iterate('ACME001', { limit: 10 })) {
        expect(review.id).toEqual(expect.any(Number));
        if (++seen === 15) break;
      }
      expect(exchanges).toHaveLength(2);
    });

    it('ends at once for a property without reviews', async () => {
      const { client: recorded, exchanges } = recordedClientFor(api);
      const reviews: ReviewDetails[] = [];
      for await (const review of recorded.reviews.iterate('ACME013')) reviews.push(review);
      expect(reviews).toEqual([]);
      expect(exchanges).toHaveLength(1);
    });

    it('surfaces an error from any page', async () => {
      const iterator = client.reviews.iterate('NOPE999');
      await expect(iterator.next()).rejects.toBeInstanceOf(NotFoundError);
    });
  });
});
