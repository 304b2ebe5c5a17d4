import { afterAll, describe, expect, it } from 'vitest';
import { startApi, type RunningApi, type TestResponse } from '../test-support/start-api.js';

const api: RunningApi = await startApi({ now: () => new Date() });
afterAll(() => api.close());

/** The session cookie a response set, as a browser would send it back. */
function cookieOf(response: TestResponse): string {
  const header = response.headers['set-cookie'];
  const cookie = (Array.isArray(header) ? header : [header ?? '']).find((line) => line.startsWith('hotel_dashboard='));
  if (!cookie) throw new Error('No session cookie was set');
  return cookie.split(';')[0] ?? '';
}

async function signedInToSandbox(): Promise<{ cookie: string; csrf: string }> {
  const anonymous = await api.get('/dashboard/api/session');
  const before = cookieOf(anonymous);
  const signIn = await api.request('POST', '/dashboard/api/sign-in/sandbox', { headers: { cookie: before, 'x-csrf-token': anonymous.body.csrfToken } });
  expect(signIn.status).toBe(200);
  const cookie = cookieOf(signIn);
  // A new session id at sign-in: one planted before is worth nothing after.
  expect(cookie).not.toBe(before);
  return { cookie, csrf: signIn.body.csrfToken };
}

describe('/dashboard over HTTP', () => {
  it('serves the page with a strict CSP, never framed, and its script immutable under a content hash', async () => {
    const page = await api.get('/dashboard?lang=fr');
    expect(page.status).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(page.text).toContain('<html lang="fr">');
    expect(page.text).not.toMatch(/sk_(test|live)_/);
    const script = /src="(\/dashboard\/assets\/dashboard-[A-Z0-9]+\.js)"/.exec(page.text)?.[1];
    expect(script).toBeDefined();
    const asset = await api.get(script ?? '', { 'accept-encoding': 'br' });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.text.length).toBeLessThanOrEqual(150 * 1024);
  });

  it('sets the session cookie HttpOnly, Secure, SameSite=Lax on /dashboard only', async () => {
    const response = await api.get('/dashboard/api/session');
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/Secure/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Path=\/dashboard/);
    expect(response.body).toMatchObject({ signedIn: false, signIn: { sandbox: true, oidc: null } });
  });

  it('refuses sign-in without the CSRF token, and from another site', async () => {
    const anonymous = await api.get('/dashboard/api/session');
    const cookie = cookieOf(anonymous);
    const withoutToken = await api.request('POST', '/dashboard/api/sign-in/sandbox', { headers: { cookie } });
    expect(withoutToken.status).toBe(403);
    expect(withoutToken.body.error.code).toBe('origin_not_allowed');
    const crossSite = await api.request('POST', '/dashboard/api/sign-in/sandbox', {
      headers: { cookie, 'x-csrf-token': anonymous.body.csrfToken, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
  });

  it('answers the views for a signed-in session, and sends a forged or signed-out cookie back to sign-in', async () => {
    const { cookie, csrf } = await signedInToSandbox();
    const parity = await api.get('/dashboard/api/properties/ACME001/parity?from=2099-01-01&to=2099-01-02', { cookie });
    expect(parity.status).toBe(400);
    expect(parity.body.error.param).toBe('to');
    const reviews = await api.get('/dashboard/api/properties/ACME001/reviews', { cookie });
    expect(reviews.status).toBe(200);
    expect(reviews.body.data.reviews).toBeGreaterThan(0);
    expect(reviews.headers['cache-control']).toBe('private, no-store');

    const forged = await api.get('/dashboard/api/properties/ACME001/reviews', { cookie: `${cookie.slice(0, -3)}abc` });
    expect(forged.status).toBe(401);
    expect(forged.body.error.code).toBe('access_token_invalid');

    const signOut = await api.request('POST', '/dashboard/api/sign-out', { headers: { cookie, 'x-csrf-token': csrf } });
    expect(signOut.status).toBe(200);
    // The same cookie, replayed after sign-out: the server forgot the session.
    expect((await api.get('/dashboard/api/properties/ACME001/reviews', { cookie })).status).toBe(401);
  });

  it('says a date range beyond the API’s limits is one, with the parameter', async () => {
    const { cookie } = await signedInToSandbox();
    const today = new Date().toISOString().slice(0, 10);
    const tooLong = await api.get(`/dashboard/api/properties/ACME001/parity?from=${today}&to=2099-12-31`, { cookie });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toMatch(/90/);
  });
});
