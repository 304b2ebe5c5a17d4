import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AUTH, startApi, type RunningApi } from '../../test-support/start-api.js';

interface Parameter {
  name: string;
  in: string;
  schema: Record<string, unknown>;
}
type Operation = { parameters: Parameter[] };
type Document = { servers: { url: string }[]; info: { description: string }; paths: Record<string, Record<string, Operation>> };

const parameter = (document: Document, path: string, name: string) => document.paths[path]?.get?.parameters.find((candidate) => candidate.name === name)?.schema;

describe('/openapi.json and /docs', () => {
  let sandbox: RunningApi;
  let live: RunningApi;
  beforeAll(async () => {
    [sandbox, live] = await Promise.all([startApi(), startApi({ env: { SANDBOX_KEYS: 'false' } })]);
  });
  afterAll(async () => {
    await Promise.all([sandbox?.close(), live?.close()]);
  });

  it('names the server relative to the page, so "Try it out" calls the origin /docs came from', async () => {
    const document = (await sandbox.get('/openapi.json')).body as Document;
    expect(document.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(JSON.stringify(document)).not.toContain('localhost:8443');
  });

  it('says which key to use when the service takes the sandbox keys, and only then', async () => {
    expect(((await sandbox.get('/openapi.json')).body as Document).info.description).toContain('`sk_test_sandbox`');
    expect(((await live.get('/openapi.json')).body as Document).info.description).not.toContain('sk_test_sandbox');
  });

  it('types list parameters as arrays of their items and numbers as numbers, with their ranges', async () => {
    const document = (await sandbox.get('/openapi.json')).body as Document;
    expect(parameter(document, '/v1/availability/multi', 'rating')).toEqual({ type: 'array', items: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 5 }) });
    expect(parameter(document, '/v1/availability/multi', 'boards')).toMatchObject({ type: 'array', items: { type: 'integer' } });
    expect(parameter(document, '/v1/availability/multi', 'adults')).toEqual({ type: 'integer', minimum: 1, maximum: 10, default: 2 });
    expect(parameter(document, '/v1/availability/multi', 'maxPrice')).toMatchObject({ type: 'number', minimum: 0 });
    expect(parameter(document, '/v1/reviews/{code}', 'reviewerLanguages')).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(parameter(document, '/v1/reviews/{code}', 'verbose')).toEqual({ type: 'boolean', default: false });
    expect(JSON.stringify(document.paths)).not.toContain('^-?\\\\d+$');
  });

  it('serves /docs as swagger-ui does: its page and assets, a browser revalidating them, and the API\'s 404 for the rest', async () => {
    const page = await sandbox.get('/docs/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('swagger-initializer.js');
    expect((await sandbox.get('/docs/json')).body).toEqual((await sandbox.get('/openapi.json')).body);

    const css = await sandbox.get('/docs/static/swagger-ui.css');
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const etag = String(css.headers.etag);
    expect((await sandbox.get('/docs/static/swagger-ui.css', { 'if-none-match': etag })).status).toBe(304);

    const redirect = await sandbox.get('/docs/static/index.html');
    expect([redirect.status, redirect.headers.location, redirect.headers['content-type']]).toEqual([302, '/docs/', undefined]);

    const unknown = await sandbox.get('/docs/static/no-such-file.js');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'route_not_found' });
    expect(unknown.headers['x-request-id']).toBe(unknown.body.metadata.requestId);
  });

  it('takes an array parameter as a generated client sends it (form, exploded), as it takes the comma form', async () => {
    const stay = 'chainCode=ACME&checkin=2026-12-10&checkout=2026-12-13&currency=EUR';
    const repeated = await sandbox.get(`/v1/availability/multi?${stay}&rating=4&rating=5`);
    const commas = await sandbox.get(`/v1/availability/multi?${stay}&rating=4,5`);
    expect(repeated.status).toBe(200);
    expect(repeated.body.hotels.map((hotel: { code: string }) => hotel.code)).toEqual(commas.body.hotels.map((hotel: { code: string }) => hotel.code));
    expect((await sandbox.get(`/v1/availability/multi?${stay}&rating=6`)).status).toBe(400);
    expect((await sandbox.get('/v1/shopper/ACME001?checkIn=2026-12-10&checkOut=2026-12-13&adults=two', SANDBOX_AUTH)).status).toBe(400);
  });
});
