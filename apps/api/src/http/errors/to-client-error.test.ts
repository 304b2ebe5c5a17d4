import { PropertyNotFoundError, UpstreamError } from '@hotelapi/connectors';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { toClientError } from './to-client-error.js';

describe('toClientError', () => {
  it('keeps an ApiError as it is', () => {
    const error = new ApiError(403, 'permission_error', 'property_forbidden', 'no');
    expect(toClientError(error)).toBe(error);
  });

  it('turns an upstream failure into a 502 without the upstream words', () => {
    const answer = toClientError(new UpstreamError('http:pms', 'ECONNRESET at 10.0.0.7:5432', { status: 503 }));
    expect(answer).toMatchObject({ status: 502, type: 'upstream_error', code: 'upstream_failed' });
    expect(answer?.message).not.toMatch(/10\.0\.0\.7/);
  });

  it('turns a property the connector lost into a 404', () => {
    expect(toClientError(new PropertyNotFoundError('ACME999'))).toMatchObject({ status: 404, code: 'property_not_found' });
  });

  it('says nothing about our own bugs', () => {
    expect(toClientError(new TypeError('x is undefined'))).toBeUndefined();
  });
});
