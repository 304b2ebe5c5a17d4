import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { backoffDelay, isCertificateFailure, MAX_RETRY_AFTER_MS, parseRetryAfter, pushRetryOptions, retryOptions, RETRY_MAX_DELAY_MS, systemCode } from './retry.js';

describe('backoffDelay', () => {
  it('doubles the ceiling each attempt from 500 ms', () => {
    const highest = (attempt: number) => backoffDelay(attempt, () => 0.999_999);
    expect([1, 2, 3, 4, 5].map(highest)).toEqual([499, 999, 1999, 3999, 7999]);
  });

  it('never exceeds the 8 s cap', () => {
    expect(backoffDelay(30, () => 0.999_999)).toBeLessThan(RETRY_MAX_DELAY_MS);
    expect(backoffDelay(1000, () => 0.999_999)).toBeLessThan(RETRY_MAX_DELAY_MS);
  });

  it('jitters fully: anything from 0 up to the ceiling', () => {
    expect(backoffDelay(3, () => 0)).toBe(0);
    expect(backoffDelay(3, () => 0.5)).toBe(1000);
    for (let run = 0; run < 100; run++) {
      const delay = backoffDelay(2);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(1000);
    }
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-21T10:00:00Z');

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date, and a past one as no wait', () => {
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('gives nothing for an absent or unreadable header', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
  });
});

describe('retryOptions', () => {
  const options = retryOptions(2);
  const httpError = (status: number, headers: Record<string, string> = {}) =>
    new HTTPError(new Response(null, { status, headers }), new Request('https://localhost/'), {} as never);
  const decide = (error: Error) => options.shouldRetry?.({ error, retryCount: 1 });

  it('retries GETs only, on 429 and 5xx, honouring Retry-After on 429 and 503', () => {
    expect(options.limit).toBe(2);
    expect(options.methods).toEqual(['get']);
    expect(options.statusCodes).toEqual(expect.arrayContaining([429, 500, 502, 503, 504, 599]));
    expect(options.statusCodes).not.toEqual(expect.arrayContaining([400]));
    expect(options.statusCodes?.some((status) => status < 500 && status !== 429)).toBe(false);
    expect(options.statusCodes).not.toContain(501);
    expect(options.afterStatusCodes).toEqual([429, 503]);
    expect(options.retryOnTimeout).toBe(false);
  });

  it('never retries the caller’s abort or an untrusted certificate', () => {
    expect(decide(new DOMException('The operation was aborted.', 'AbortError'))).toBe(false);
    const tls = new TypeError('fetch failed', { cause: Object.assign(new Error('self-signed certificate'), { code: 'SELF_SIGNED_CERT_IN_CHAIN' }) });
    expect(decide(tls)).toBe(false);
  });

  it('gives up at once on a Retry-After beyond a minute', () => {
    expect(decide(httpError(429, { 'retry-after': String(MAX_RETRY_AFTER_MS / 1000 + 1) }))).toBe(false);
  });

  it('leaves everything else to ky’s rules', () => {
    expect(decide(httpError(429, { 'retry-after': '1' }))).toBeUndefined();
    expect(decide(httpError(503))).toBeUndefined();
    const refused = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    expect(decide(refused)).toBeUndefined();
  });
});

describe('pushRetryOptions', () => {
  const options = pushRetryOptions(2);
  const httpError = (status: number, headers: Record<string, string> = {}) =>
    new HTTPError(new Response(null, { status, headers }), new Request('https://localhost/', { method: 'POST' }), {} as never);
  const decide = (error: Error) => options.shouldRetry?.({ error, retryCount: 1 });

  it('retries POSTs as GETs are retried, and a 409 after its Retry-After', () => {
    expect(options.methods).toEqual(['post']);
    expect(options.statusCodes).toEqual(expect.arrayContaining([409, 429, 500, 503]));
    expect(options.afterStatusCodes).toEqual(expect.arrayContaining([409, 429, 503]));
    expect(decide(httpError(409, { 'retry-after': '1' }))).toBeUndefined();
  });

  it('never retries a 409 without Retry-After (an idempotency conflict), nor a Retry-After beyond a minute', () => {
    expect(decide(httpError(409))).toBe(false);
    expect(decide(httpError(409, { 'retry-after': String(MAX_RETRY_AFTER_MS / 1000 + 1) }))).toBe(false);
    expect(decide(new DOMException('The operation was aborted.', 'AbortError'))).toBe(false);
  });
});

describe('systemCode and isCertificateFailure', () => {
  it('find the code along the cause chain', () => {
    const error = new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' }) });
    expect(systemCode(error)).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    expect(isCertificateFailure(error)).toBe(true);
    expect(isCertificateFailure(new TypeError('fetch failed'))).toBe(false);
  });
});
