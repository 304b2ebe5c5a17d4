import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../envelope.js';
import { handleErrorsWith } from './error-envelope.js';
import { unknownRoutes } from './unknown-routes.js';

describe('unknownRoutes', () => {
  const app = Fastify({ logger: false });

  beforeAll(async () => {
    handleErrorsWith(app, (request, _reply, error) => errorEnvelope(request, error));
    await app.register(unknownRoutes, { ignoreTrailingSlash: true });
    // Shapes a hand-written matcher gets wrong: two parameters in one segment, and a regex parameter.
    app.get('/flights/:from-:to', async () => 'flight');
    app.put('/flights/:from-:to', async () => 'flight');
    app.get('/files/:id(^\\d+).png', async () => 'file');
    // What @fastify/cors adds for preflights: a catch-all OPTIONS route.
    app.options('/widgets*', async () => '');
    app.get('/widgets/list', async () => 'widgets');
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers a wrong method on a multi-parameter segment with 405 and every method it serves', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/flights/LIS-OPO' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, PUT');
    expect(response.json().error).toMatchObject({ code: 'method_not_allowed', type: 'invalid_request_error' });
  });

  it('answers a wrong method on a regex segment that matches with 405', async () => {
    const response = await app.inject({ method: 'POST', url: '/files/12.png' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET');
  });

  it('answers a path the regex refuses with 404, whatever the method', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await app.inject({ method, url: '/files/abc.png' });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('route_not_found');
    }
  });

  it('does not count a catch-all OPTIONS route as a resource, nor list it in Allow', async () => {
    expect((await app.inject({ method: 'GET', url: '/widgetsXYZ' })).statusCode).toBe(404);
    const response = await app.inject({ method: 'DELETE', url: '/widgets/list' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET');
  });

  it('answers an unknown path with 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/nowhere?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers.allow).toBeUndefined();
  });
});
