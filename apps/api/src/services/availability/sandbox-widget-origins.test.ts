import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type RunningApi } from '../../test-support/start-api.js';

const STAY = 'checkin=2026-12-10&checkout=2026-12-13&currency=EUR';
const ACME = `/v1/availability/multi?chainCode=ACME&${STAY}`;
const VITE = 'http://localhost:5173';

/** What the API tells a browser on `origin` about reading chain `chainCode`'s widget answers. */
async function allowedOrigin(api: RunningApi, origin: string, path = ACME): Promise<unknown> {
  const preflight = await api.request('OPTIONS', path, { headers: { origin, 'access-control-request-method': 'GET' } });
  const get = await api.get(path, { origin });
  expect(get.headers['access-control-allow-origin']).toBe(preflight.headers['access-control-allow-origin']);
  return get.headers['access-control-allow-origin'];
}

describe('SANDBOX_WIDGET_ORIGINS', () => {
  const apis: RunningApi[] = [];
  let sandbox: RunningApi;
  let keysOff: RunningApi;
  let configured: RunningApi;

  beforeAll(async () => {
    [sandbox, keysOff, configured] = await Promise.all([
      startApi(),
      startApi({ env: { SANDBOX_KEYS: 'false' } }),
      startApi({ env: { SANDBOX_WIDGET_ORIGINS: 'https://staging.web-team.example, http://127.0.0.1:4173' } }),
    ]);
    apis.push(sandbox, keysOff, configured);
  });

  afterAll(() => Promise.all(apis.map((api) => api.close())));

  it('allows the common development origins for every chain in sandbox mode', async () => {
    for (const origin of [VITE, 'http://localhost:3000', 'http://127.0.0.1:8080', 'http://127.0.0.1:4200']) {
      expect(await allowedOrigin(sandbox, origin)).toBe(origin);
    }
    expect(await allowedOrigin(sandbox, VITE, `/v1/availability/multi?chainCode=BLUE&${STAY}`)).toBe(VITE);
    // The chain's own origins still work, and a stranger is still refused.
    expect(await allowedOrigin(sandbox, 'https://www.acme-hotels.example')).toBe('https://www.acme-hotels.example');
    expect(await allowedOrigin(sandbox, 'http://localhost:9999')).toBeUndefined();
  });

  it('lets a local page read the 401 of an unknown chain in sandbox mode, rather than a CORS refusal', async () => {
    const response = await sandbox.get(`/v1/availability/multi?chainCode=NOPE&${STAY}`, { origin: VITE });
    expect(response.status).toBe(401);
    expect(response.headers['access-control-allow-origin']).toBe(VITE);
  });

  it('allows no development origin with sandbox keys off', async () => {
    expect(await allowedOrigin(keysOff, VITE)).toBeUndefined();
    expect(await allowedOrigin(keysOff, 'https://www.acme-hotels.example')).toBe('https://www.acme-hotels.example');
  });

  it('when set, is the whole list of added origins', async () => {
    expect(await allowedOrigin(configured, 'https://staging.web-team.example')).toBe('https://staging.web-team.example');
    expect(await allowedOrigin(configured, 'http://127.0.0.1:4173')).toBe('http://127.0.0.1:4173');
    expect(await allowedOrigin(configured, VITE)).toBeUndefined();
  });

  it('refuses to start with an entry that is not an origin, and says which setting', async () => {
    await expect(startApi({ env: { SANDBOX_WIDGET_ORIGINS: 'http://localhost:5173/' } })).rejects.toThrow(/SANDBOX_WIDGET_ORIGINS: each entry must be an origin/);
  });
});
