import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FilterTotals, ReviewsQuery, ReviewsResponse, TripTypeScore, type ReviewDetails, type ReviewsData } from './reviews.js';

describe('ReviewsQuery', () => {
  it('fills in the defaults: terse, first page of 10, newest first', () => {
    expect(ReviewsQuery.parse({})).toEqual({ verbose: false, limit: 10, page: 1, sort: 'dateReviewed', asc: false });
  });

  it('reads every filter from query-string text', () => {
    expect(
      ReviewsQuery.parse({
        category: 'COUPLE',
        score: 'SUPERB',
        country: 'pt',
        reviewerLanguages: ['EN,fr', 'en'],
        season: 'WINTER',
        verbose: 'true',
        limit: '50',
        page: '3',
        sort: 'score',
        asc: 'true',
      }),
    ).toEqual({
      category: 'COUPLE',
      score: 'SUPERB',
      country: 'PT',
      reviewerLanguages: ['en', 'fr'],
      season: 'WINTER',
      verbose: true,
      limit: 50,
      page: 3,
      sort: 'score',
      asc: true,
    });
  });

  it.each([
    ['category', 'BUSINESS'],
    ['score', 'EXCELLENT'],
    ['country', 'PRT'],
    ['reviewerLanguages', 'en,,fr'],
    ['season', 'MONSOON'],
    ['verbose', 'yes'],
    ['asc', '1'],
    ['limit', '101'],
    ['page', '0'],
    ['sort', 'date'],
  ])('names %s when it is %j', (param, value) => {
    const result = ReviewsQuery.safeParse({ [param]: value });
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual([param]);
  });

  it('points at the bad language in the list', () => {
    const result = ReviewsQuery.safeParse({ reviewerLanguages: 'en,english' });
    expect(result.error?.issues[0]?.path).toEqual(['reviewerLanguages', 1]);
  });
});

describe('FilterTotals', () => {
  const totals = {
    categories: { FAMILY: 3, COUPLE: 5, GROUP: 0, SOLO: 1, UNKNOWN: 0 },
    scores: { SUPERB: 4, GOOD: 3, PASSABLE: 1, POOR: 1, VERYPOOR: 0 },
    seasons: { AUTUMN: 2, SPRING: 2, SUMMER: 4, WINTER: 1 },
  };

  it('accepts a count for every category, band and season', () => {
    expect(FilterTotals.parse(totals)).toEqual(totals);
  });

  it('requires every key, so clients never meet a missing facet', () => {
    const threeSeasons = { AUTUMN: 2, SPRING: 2, SUMMER: 4 };
    expect(FilterTotals.safeParse({ ...totals, seasons: threeSeasons }).error?.issues[0]?.path).toEqual(['seasons', 'WINTER']);
  });
});

describe('TripTypeScore', () => {
  const category = { categoryName: 'cleanliness', text: 'Cleanliness', shortText: 'Clean', score: 9, count: 40 };

  it('nests per-language figures inside the aggregated bucket', () => {
    const all = {
      reviewsPercent: 100,
      score: 8,
      categories: [category],
      byLanguage: { en: { reviewsPercent: 60, score: 8, categories: [category] } },
    };
    expect(TripTypeScore.parse(all)).toEqual(all);
  });

  it('validates the nested figures too', () => {
    const all = { reviewsPercent: 100, score: 8, categories: [], byLanguage: { en: { reviewsPercent: 160, score: 8, categories: [] } } };
    expect(TripTypeScore.safeParse(all).error?.issues[0]?.path).toEqual(['byLanguage', 'en', 'reviewsPercent']);
  });
});

describe('ReviewsResponse', () => {
  const review: ReviewDetails = {
    id: 17,
    name: 'Ana',
    category: 'COUPLE',
    dateReviewed: '2026-01-12',
    score: 9.2,
    title: 'Lovely stay',
    description: 'Great breakfast.',
    country: 'PT',
    language: 'pt',
    channel: 'OTA_01',
    hidden: false,
  };
  const terse: ReviewsData = {
    channels: [{ title: 'Booker', score: 4.6, outOfScore: 5, total: 120 }],
    score: 9.2,
    reviews: 120,
    timeUpdated: '2026-02-20T08:00:00.000Z',
    userReviews: [review],
  };
  const response: ReviewsResponse = {
    data: terse,
    summary: { scoreBand: 'SUPERB', latestReview: '2026-01-12' },
    metadata: {
      apiVersion: '1.0.0',
      requestId: 'req_1',
      page: 1,
      limit: 10,
      totalFound: 1,
      totalPages: 1,
      countries: { PT: 'Portugal' },
      filterTotals: {
        categories: { FAMILY: 0, COUPLE: 1, GROUP: 0, SOLO: 0, UNKNOWN: 0 },
        scores: { SUPERB: 1, GOOD: 0, PASSABLE: 0, POOR: 0, VERYPOOR: 0 },
        seasons: { AUTUMN: 0, SPRING: 0, SUMMER: 0, WINTER: 1 },
      },
      sortingOptions: ['dateReviewed', 'mostRelevant', 'score'],
    },
    error: null,
  };

  it('serialises a terse response as Fastify does, by encoding it', () => {
    expect(z.encode(ReviewsResponse, ReviewsResponse.parse(response))).toEqual(response);
  });

  it('serialises a verbose response, whose facilities may be null', () => {
    const verbose = { ...terse, facilities: null, tripTypes: { all: { reviewsPercent: 100, score: 9, categories: [] } } };
    expect(z.encode(ReviewsResponse, { ...response, data: verbose })).toEqual({ ...response, data: verbose });
  });

  it('gives a property without reviews a null score', () => {
    const empty = { ...terse, channels: [], score: null, reviews: 0, userReviews: [] };
    const summary = { scoreBand: null, latestReview: null };
    expect(ReviewsResponse.safeParse({ ...response, data: empty, summary }).success).toBe(true);
  });

  it('keeps review scores on the 10-point scale', () => {
    const data = { ...terse, userReviews: [{ ...review, score: 46 }] };
    expect(ReviewsResponse.safeParse({ ...response, data }).error?.issues[0]?.path).toEqual(['data', 'userReviews', 0, 'score']);
  });
});
