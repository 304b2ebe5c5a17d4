import { PropertyNotFoundError, UpstreamError, UpstreamTimeoutError, UpstreamUnavailableError } from '@hotelapi/connectors';
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../failures/api-failure.js';
import { toApiFailure } from './to-api-failure.js';

describe('toApiFailure', () => {
  it('keeps an ApiFailure as it is', () => {
    const error = new ApiFailure('property_forbidden', 'no');
    expect(toApiFailure(error)).toBe(error);
  });

  it('turns an upstream failure into a 502 without the upstream words', () => {
    const answer = toApiFailure(new UpstreamError('http:pms', 'ECONNRESET at 10.0.0.7:5432', { status: 503 }));
    expect(answer).toMatchObject({ status: 502, type: 'upstream_error', code: 'upstream_failed' });
    expect(answer?.message).not.toMatch(/10\.0\.0\.7/);
  });

  it('turns a source that did not answer in time into a 504', () => {
    expect(toApiFailure(new UpstreamTimeoutError('sandbox:reviews', 'late'))).toMatchObject({
      status: 504,
      type: 'upstream_error',
      code: 'upstream_timeout',
      message: expect.stringMatching(/unavailable/),
    });
  });

  it('turns a source not being called for now into a 503 with Retry-After in whole seconds', () => {
    const answer = toApiFailure(new UpstreamUnavailableError('sandbox:reviews', 'breaker_open', 2_300));
    expect(answer).toMatchObject({ status: 503, type: 'upstream_error', code: 'upstream_unavailable', headers: { 'retry-after': '3' } });
    expect(answer?.message).toMatch(/unavailable right now; try again in 3 s/);
    expect(toApiFailure(new UpstreamUnavailableError('sandbox:reviews', 'bulkhead_full', 0))?.headers).toEqual({ 'retry-after': '1' });
  });

  it('turns a property the connector lost into a 404', () => {
    expect(toApiFailure(new PropertyNotFoundError('ACME999'))).toMatchObject({ status: 404, code: 'property_not_found' });
  });

  it('takes status and type from the catalogue', () => {
    expect(new ApiFailure('property_forbidden', 'no')).toMatchObject({ status: 403, type: 'permission_error' });
    expect(new ApiFailure('rate_limited', 'slow down')).toMatchObject({ status: 429, type: 'rate_limit_error' });
  });

  it('says nothing about our own bugs', () => {
    expect(toApiFailure(new TypeError('x is undefined'))).toBeUndefined();
  });
});
