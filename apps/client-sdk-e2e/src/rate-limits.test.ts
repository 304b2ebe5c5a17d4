import { startApi, type RunningApi } from '@hotelapi/api/testing';
import { RateLimitError } from '@hotelapi/client';
import { afterEach, describe, expect, it } from 'vitest';
import { recordedClientFor, STAY } from './support/api.js';

describe('429 and retries', () => {
  let api: RunningApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('RateLimitError with retryAfterMs once no retries are left', async () => {
    api = await startApi({ env: { RATE_LIMIT_MAX: '1', RATE_LIMIT_WINDOW_MS: '30000' } });
    const { client, exchanges } = recordedClientFor(api, { maxRetries: 0 });
    await client.shopper.get('ACME001', STAY);
    const error = await client.shopper.get('ACME001', STAY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, type: 'rate_limit_error', code: 'rate_limited' });
    const { retryAfterMs, requestId, headers } = error as RateLimitError;
    expect(retryAfterMs).toBeGreaterThan(0);
    expect(retryAfterMs).toBeLessThanOrEqual(30_000);
    expect(requestId).toMatch(/\S/);
    expect(headers?.get('ratelimit-remaining')).toBe('0');
    expect(exchanges.map((exchange) => exchange.status)).toEqual([200, 429]);
  });

  it('retries a 429 after Retry-After, and the retried call succeeds', async () => {
    api = await startApi({ env: { RATE_LIMIT_MAX: '1', RATE_LIMIT_WINDOW_MS: '1000' } });
    const { client, exchanges } = recordedClientFor(api, { maxRetries: 2 });
    await client.shopper.get('ACME001', STAY);
    const started = performance.now();
    const result = await client.shopper.get('ACME001', STAY);
    const waited = performance.now() - started;
    expect(result.data.rates.length).toBeGreaterThan(0);
    expect(exchanges.map((exchange) => exchange.status)).toEqual([200, 429, 200]);
    // Retry-After said 1 s, and the client waited for it (no jitter on a server-given delay).
    expect(waited).toBeGreaterThanOrEqual(950);
    expect(waited).toBeLessThan(5000);
  });

  it('does not wait for a Retry-After beyond a minute: the error says how long instead', async () => {
    api = await startApi({ env: { RATE_LIMIT_MAX: '1', RATE_LIMIT_WINDOW_MS: '120000' } });
    const { client, exchanges } = recordedClientFor(api);
    await client.shopper.get('ACME001', STAY);
    const started = performance.now();
    const error = await client.shopper.get('ACME001', STAY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBeGreaterThan(60_000);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(exchanges.map((exchange) => exchange.status)).toEqual([200, 429]);
  });

  it('maps the availability endpoint’s 429 ({ timestamp, message }) to RateLimitError', async () => {
    api = await startApi({ env: { AVAILABILITY_RATE_LIMIT_MAX: '1', RATE_LIMIT_WINDOW_MS: '30000' } });
    const { client } = recordedClientFor(api, { apiKey: undefined, maxRetries: 0 });
    const search = { chainCode: 'BLUE', checkin: '2026-12-10', checkout: '2026-12-13', currency: 'EUR' };
    await client.availability.multi(search);
    const error = await client.availability.multi(search).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, type: 'rate_limit_error' });
    expect((error as RateLimitError).message).toMatch(/\S/);
    expect((error as RateLimitError).retryAfterMs).toBeGreaterThan(0);
  });
});
