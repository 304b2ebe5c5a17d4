import { setTimeout as sleep } from 'node:timers/promises';
import { connectorScope } from '@hotelapi/connectors';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecentAnswers } from '../services/recent-answers.js';
import { LIMITED_AUTH, SANDBOX_AUTH, startApi, TEST_NOW, type RunningApi } from '../test-support/start-api.js';
import { RepeatedRequests } from './repeated-requests.js';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
/** The sandbox's today (2026-11-21) as check-in: allowed today, in the past tomorrow. */
const TODAY_STAY = 'checkIn=2026-11-21&checkOut=2026-11-23';
const DAY_MS = 86_400_000;

describe('repeated requests, through the API', () => {
  let now = TEST_NOW;
  let api: RunningApi;
  beforeAll(async () => {
    // Long enough that no entry expires during a test: what is checked is what else keeps one from being given.
    api = await startApi({ env: { METRICS_TOKEN, PROPERTY_ANSWER_CACHE_MS: '600000' }, now: () => now });
  });
  afterAll(() => api.close());

  const reuses = async (cache: string) => {
    const metrics = await api.get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    const line = metrics.text.split('\n').find((l) => l.startsWith(`cache_lookups_total{cache="${cache}",outcome="hit"}`));
    return Number(line?.split(' ')[1] ?? 0);
  };

  it('give a repeated shopper request the same answer with its own request id, counted as a reuse', async () => {
    const path = `/v1/shopper/ACME002?${TODAY_STAY}&adults=3`;
    const first = await api.get(path, SANDBOX_AUTH);
    const before = await reuses('shopper_answers');
    const again = await api.get(path, SANDBOX_AUTH);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(again.body.metadata.requestId).not.toBe(first.body.metadata.requestId);
    expect(await reuses('shopper_answers')).toBe(before + 1);
  });

  it('check the stay again: the same URL the next day is a check-in in the past', async () => {
    const path = `/v1/shopper/ACME003?${TODAY_STAY}`;
    expect((await api.get(path, SANDBOX_AUTH)).status).toBe(200);
    now = new Date(TEST_NOW.getTime() + DAY_MS);
    try {
      const nextDay = await api.get(path, SANDBOX_AUTH);
      expect(nextDay.status).toBe(400);
      expect(nextDay.body.error.code).toBe('checkin_in_past');
    } finally {
      now = TEST_NOW;
    }
  });

  it('do not give an answer to a key that may not read the property', async () => {
    const path = `/v1/shopper/ACME004?${TODAY_STAY}`;
    expect((await api.get(path, SANDBOX_AUTH)).status).toBe(200);
    const limited = await api.get(path, LIMITED_AUTH);
    expect(limited.status).toBe(403);
    expect(limited.body.error.code).toBe('property_forbidden');
  });

  it('answer each language apart', async () => {
    const path = `/v1/shopper/ACME005?${TODAY_STAY}`;
    const english = await api.get(path, SANDBOX_AUTH);
    const spanish = await api.get(path, { ...SANDBOX_AUTH, 'accept-language': 'es' });
    expect(spanish.headers['content-language']).toBe('es');
    expect(spanish.body.data.rates[0].board).not.toBe(english.body.data.rates[0].board);
  });

  it('give a repeated reviews page the same page, counted as a reuse', async () => {
    const path = '/v1/reviews/ACME001?score=GOOD&limit=5&page=2';
    const first = await api.get(path, SANDBOX_AUTH);
    const before = await reuses('reviews_answers');
    const again = await api.get(path, SANDBOX_AUTH);
    expect(again.status).toBe(200);
    expect(again.text.replace(again.body.metadata.requestId, '')).toBe(first.text.replace(first.body.metadata.requestId, ''));
    expect(await reuses('reviews_answers')).toBe(before + 1);
  });
});

describe('repeated requests', () => {
  const directory = { chainOf: (code: string) => code.slice(0, 4), chainCodes: [], propertyCodes: [] };
  const property = { code: 'ACME001', timeZone: 'Europe/Lisbon' } as never;
  const request = (overrides: Partial<Record<string, unknown>> = {}) =>
    ({
      language: 'en',
      url: '/v1/shopper/ACME001?checkIn=2027-01-15&checkOut=2027-01-18',
      params: { code: 'ACME001' },
      principal: { keyId: 'key', grants: [{ kind: 'all' }] },
      connectorScope: null,
      ...overrides,
    }) as unknown as FastifyRequest & { params: { code: string } };

  it('find what the same URL in the same language was given, and nothing for another URL or language', () => {
    const repeated = new RepeatedRequests<{ price: number }>({ directory } as never, new RecentAnswers(60_000));
    const answer = { price: 120 };
    expect(repeated.find(request())).toBeUndefined();
    repeated.remember(request(), { property, answer });
    expect(repeated.find(request())?.answer).toBe(answer);
    expect(repeated.find(request({ language: 'es' }))).toBeUndefined();
    expect(repeated.find(request({ url: '/v1/shopper/ACME001?checkIn=2027-01-15&checkOut=2027-01-19' }))).toBeUndefined();
  });

  it('forget an answer once the reuse time has passed, and keep none when there is no reuse time', async () => {
    const brief = new RepeatedRequests<object>({ directory } as never, new RecentAnswers(20));
    brief.remember(request(), { property, answer: {} });
    await sleep(40);
    expect(brief.find(request())).toBeUndefined();

    const never = new RepeatedRequests<object>({ directory } as never, new RecentAnswers(0));
    never.remember(request(), { property, answer: {} });
    expect(never.find(request())).toBeUndefined();
  });

  it('keep no answer a failing source’s kept answer went into', () => {
    const repeated = new RepeatedRequests<object>({ directory } as never, new RecentAnswers(60_000));
    const scope = connectorScope(1_000);
    scope.stale = true;
    repeated.remember(request({ connectorScope: scope }), { property, answer: {} });
    expect(repeated.find(request())).toBeUndefined();
  });

  it('give nothing to a key whose grants do not cover the property', () => {
    const repeated = new RepeatedRequests<object>({ directory } as never, new RecentAnswers(60_000));
    repeated.remember(request(), { property, answer: {} });
    expect(repeated.find(request({ principal: { keyId: 'other', grants: [{ kind: 'chain', code: 'BLUE' }] } }))).toBeUndefined();
    expect(repeated.find(request({ principal: { keyId: 'other', grants: [{ kind: 'chain', code: 'ACME' }] } }))).toBeDefined();
  });
});
