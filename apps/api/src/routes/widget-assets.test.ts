import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type RunningApi } from '../test-support/start-api.js';

// Built by `nx run widget:build`, which the api's test target depends on.
const bundle = readFileSync(createRequire(import.meta.url).resolve('@hotelapi/widget/hotel-search.js'));
const integrity = `sha384-${createHash('sha384').update(bundle).digest('base64')}`;

describe('widget assets', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('serves the script-tag bundle to any origin, cached for a year and immutable', async () => {
    const response = await api.get('/widget/v1/hotel-search.js', { origin: 'https://any-hotel.example' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(`sha384-${createHash('sha384').update(response.text).digest('base64')}`).toBe(integrity);

    const again = await api.get('/widget/v1/hotel-search.js', { 'if-none-match': String(response.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('serves a demo page that loads the bundle with its integrity hash', async () => {
    const response = await api.get('/widget/demo');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.text).toContain(`<script type="module" src="/widget/v1/hotel-search.js" integrity="${integrity}" crossorigin="anonymous">`);
    expect(response.text.match(/<hotel-search chain="ACME"/g)).toHaveLength(2);
    expect(response.text).toContain('lang="fr"');
  });

  it('keeps the asset routes out of the API reference and answers other widget paths with a 404', async () => {
    const openapi = await api.get('/openapi.json');
    expect(Object.keys(openapi.body.paths).filter((path) => path.startsWith('/widget'))).toEqual([]);
    const missing = await api.get('/widget/v2/hotel-search.js');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('route_not_found');
  });
});
