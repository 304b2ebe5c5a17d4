import { describe, expect, it } from 'vitest';
import { ErrorBody, AvailabilityError } from './errors.js';

const error: ErrorBody = {
  type: 'invalid_request_error',
  code: 'parameter_invalid',
  message: 'checkOut: must be after checkIn',
  param: 'checkOut',
  requestId: 'req_1',
};

describe('ErrorBody', () => {
  it('leaves param out when no single parameter is at fault', () => {
    const unauthenticated = { type: 'authentication_error', code: 'api_key_invalid', message: 'Invalid API key', requestId: 'req_2' };
    expect(ErrorBody.parse(unauthenticated)).toEqual(unauthenticated);
  });

  it('refuses an error type outside the catalogue', () => {
    expect(ErrorBody.safeParse({ ...error, type: 'card_error' }).error?.issues[0]?.path).toEqual(['type']);
  });
});

describe('AvailabilityError', () => {
  it('stamps the time without an offset, as the contract shows', () => {
    const body = { timestamp: '2026-11-21T09:32:00.123', message: 'checkout: must be after checkin' };
    expect(AvailabilityError.parse(body)).toEqual(body);
    expect(AvailabilityError.safeParse({ ...body, timestamp: '2026-11-21T09:32:00.123Z' }).success).toBe(false);
  });
});
