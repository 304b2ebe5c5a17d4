import { HTTPError, TimeoutError as KyTimeoutError } from 'ky';
import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  ServerError,
  AuthenticationError,
  ConnectionError,
  HotelApiError,
  InvalidRequestError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  TimeoutError,
} from '../errors/index.js';
import { fromResponse, toHotelApiError } from './map-error.js';

const call = { method: 'GET', url: 'https://localhost:8443/v1/shopper/ACME001', timeoutMs: 30_000 };

function envelopeAnswer(status: number, error: Record<string, unknown>, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ data: null, summary: {}, metadata: { apiVersion: 'v1', requestId: 'req_1' }, error }), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': 'req_1', ...headers },
  });
}

describe('fromResponse', () => {
  it.each([
    [400, 'invalid_request_error', InvalidRequestError],
    [401, 'authentication_error', AuthenticationError],
    [403, 'permission_error', PermissionError],
    [404, 'not_found_error', NotFoundError],
    [429, 'rate_limit_error', RateLimitError],
    [500, 'api_error', ServerError],
    [502, 'upstream_error', ServerError],
  ] as const)('maps an envelope %i to its class with every field', async (status, type, kind) => {
    const error = await fromResponse(
      envelopeAnswer(status, { type, code: 'some_code', message: 'What went wrong', param: 'checkOut', requestId: 'req_1' }),
      call,
    );
    expect(error).toBeInstanceOf(kind);
    expect(error).toBeInstanceOf(HotelApiError);
    expect(error).toMatchObject({ status, type, code: 'some_code', message: 'What went wrong', param: 'checkOut', requestId: 'req_1' });
    expect(error.name).toBe(kind.name);
  });

  it('reads Retry-After into retryAfterMs', async () => {
    const error = await fromResponse(
      envelopeAnswer(429, { type: 'rate_limit_error', code: 'rate_limited', message: 'Slow down', requestId: 'req_1' }, { 'retry-after': '7' }),
      call,
    );
    expect((error as RateLimitError).retryAfterMs).toBe(7000);
  });

  it('maps a 409 to ConflictError, with Retry-After when the server says', async () => {
    const conflict = await fromResponse(
      envelopeAnswer(409, { type: 'invalid_request_error', code: 'write_conflict', message: 'Try again', requestId: 'req_1' }, { 'retry-after': '1' }),
      call,
    );
    expect(conflict).toBeInstanceOf(ConflictError);
    expect(conflict).toMatchObject({ status: 409, code: 'write_conflict', retryAfterMs: 1000 });
  });

  it('maps the availability endpoint’s { timestamp, message } with the header’s request id', async () => {
    const answer = new Response(JSON.stringify({ timestamp: '2026-11-21T10:00:00.000', message: 'checkout: must be after checkin' }), {
      status: 400,
      headers: { 'x-request-id': 'req_2' },
    });
    const error = await fromResponse(answer, call);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ status: 400, type: 'invalid_request_error', message: 'checkout: must be after checkin', requestId: 'req_2' });
    expect(error.code).toBeUndefined();
  });

  it('maps an empty 401 by its status', async () => {
    const error = await fromResponse(new Response(null, { status: 401, headers: { 'x-request-id': 'req_3' } }), call);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ type: 'authentication_error', requestId: 'req_3' });
    expect(error.message).toMatch(/HTTP 401/);
  });

  it('maps a 5xx page that is not JSON (a proxy’s) to ServerError', async () => {
    const error = await fromResponse(new Response('<html>Bad gateway</html>', { status: 503 }), call);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 503, type: 'api_error' });
  });

  it('keeps another 4xx as a plain HotelApiError', async () => {
    const error = await fromResponse(
      envelopeAnswer(405, { type: 'invalid_request_error', code: 'method_not_allowed', message: 'Use GET', requestId: 'req_1' }),
      call,
    );
    expect(error.constructor).toBe(HotelApiError);
    expect(error).toMatchObject({ status: 405, code: 'method_not_allowed' });
  });
});

describe('toHotelApiError', () => {
  const request = new Request(call.url);

  it('reads the answer of ky’s HTTPError', async () => {
    const error = new HTTPError(envelopeAnswer(404, { type: 'not_found_error', code: 'property_not_found', message: 'No', requestId: 'r' }), request, {} as never);
    expect(await toHotelApiError(error, call)).toBeInstanceOf(NotFoundError);
  });

  it('turns ky’s timeout into TimeoutError with the limit', async () => {
    const error = await toHotelApiError(new KyTimeoutError(request), { ...call, timeoutMs: 250 });
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ type: 'timeout_error', timeoutMs: 250, status: undefined });
  });

  it('turns a network failure into ConnectionError with the system code and the innermost message', async () => {
    const failure = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }) });
    const error = await toHotelApiError(failure, call);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ systemCode: 'ECONNREFUSED', code: undefined, cause: failure });
    expect((error as Error).message).toMatch(/ECONNREFUSED 127\.0\.0\.1:1/);
  });

  it('hands the caller’s abort back unchanged', async () => {
    const abort = new DOMException('This operation was aborted', 'AbortError');
    expect(await toHotelApiError(abort, call)).toBe(abort);
    const reason = new Error('my own reason');
    expect(await toHotelApiError(reason, call)).toBe(reason);
  });
});
