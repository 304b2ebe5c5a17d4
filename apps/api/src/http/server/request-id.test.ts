import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AUTH, startApi, type RunningApi } from '../../test-support/start-api.js';

const FRESH = /^req_[0-9a-f]{32}$/;

describe('X-Request-Id', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it.each(['client-id-42', 'a', 'trace.span:01-ABC_def', 'x'.repeat(64)])('keeps %s, echoed and in the envelope', async (sent) => {
    const response = await api.get('/v1/shopper/ACME001?checkIn=2026-12-10&checkOut=2026-12-12', { ...SANDBOX_AUTH, 'x-request-id': sent });
    expect(response.headers['x-request-id']).toBe(sent);
    expect(response.body.metadata.requestId).toBe(sent);
  });

  it.each([
    ['too long', 'x'.repeat(65)],
    ['with spaces and markup', 'has spaces and <html>'],
    ['shaped like a live key', 'sk_live_3kTQabcdefghijklmnopqrstuvwxyz01'],
    ['shaped like a test key', 'sk_test_sandbox'],
    ['a key in other letters', 'trace-SK_LIVE_abc'],
    ['percent-encoded', 'sk%5Flive%5Fabc'],
  ])('replaces one %s with a fresh id', async (_why, sent) => {
    const response = await api.get('/v1/shopper/ACME001?checkIn=2026-12-10&checkOut=2026-12-12', { ...SANDBOX_AUTH, 'x-request-id': sent });
    expect(response.status).toBe(200);
    expect(response.headers['x-request-id']).toMatch(FRESH);
    expect(response.body.metadata.requestId).toBe(response.headers['x-request-id']);
  });
});
