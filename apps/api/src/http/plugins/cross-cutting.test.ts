import { ERROR_CODES } from '@hotelapi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AUTH, startApi, type RunningApi } from '../../test-support/start-api.js';

describe('rules every route follows', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('gives every response a request id, keeping a sane one the client sent', async () => {
    const fresh = await api.get('/healthz');
    expect(fresh.headers['x-request-id']).toMatch(/^req_[0-9a-f]{32}$/);
    const kept = await api.get('/healthz', { 'x-request-id': 'client-id-42' });
    expect(kept.headers['x-request-id']).toBe('client-id-42');
    const insane = await api.get('/healthz', { 'x-request-id': 'has spaces and <html>' });
    expect(insane.headers['x-request-id']).toMatch(/^req_/);
  });

  it('answers an unknown route with a 404 envelope', async () => {
    const response = await api.get('/v1/nothing-here', SANDBOX_AUTH);
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ data: null, error: { type: 'not_found_error', code: 'route_not_found' } });
    expect(response.body.error.requestId).toBe(response.headers['x-request-id']);
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const response = await api.request('DELETE', '/v1/shopper/ACME001', { headers: SANDBOX_AUTH });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET');
    expect(response.body.error).toMatchObject({ type: 'invalid_request_error', code: 'method_not_allowed' });
  });

  it('answers a malformed JSON body in the envelope shape, without internals', async () => {
    const response = await api.request('POST', '/v1/shopper/ACME001', {
      headers: { ...SANDBOX_AUTH, 'content-type': 'application/json' },
      body: '{"not json',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body.data).toBeNull();
    expect(response.text).not.toMatch(/at .*\.js:\d+/);
  });

  it('refuses an oversized body with 413 in the envelope shape', async () => {
    const response = await api.request('POST', '/v1/shopper/ACME001', {
      headers: { ...SANDBOX_AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(200_000) }),
    });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('body_too_large');
  });

  it('serves an OpenAPI 3.1 document and a docs page', async () => {
    const document = await api.get('/openapi.json');
    expect(document.status).toBe(200);
    expect(document.body.openapi).toBe('3.1.0');
    expect(Object.keys(document.body.paths)).toContain('/v1/shopper/{code}');
    const docs = await api.get('/docs/');
    expect(docs.status).toBe(200);
    expect(docs.text).toMatch(/swagger/i);
  });

  it('reports readiness', async () => {
    expect((await api.get('/readyz')).body).toEqual({ status: 'ok', details: { rateLimits: 'local', keys: 'file' } });
  });
});

describe('the OpenAPI document', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('validates as OpenAPI 3.1 with a maintained validator', async () => {
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    const document = (await api.get('/openapi.json')).body;
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every code of the error catalogue, with its status, on the error body', async () => {
    const { components } = (await api.get('/openapi.json')).body;
    expect(components.schemas.ErrorBody.properties.code).toEqual({ $ref: '#/components/schemas/ErrorCode' });
    expect(components.schemas.ErrorCode.enum).toEqual(ERROR_CODES);
    expect(components.schemas.ErrorCode.description).toContain('| `property_forbidden` | 403 | permission_error |');
  });
});
