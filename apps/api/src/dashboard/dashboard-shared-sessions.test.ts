import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_SERVER, requireUnderCi, TestRedis } from '../test-support/real-servers.js';
import { startApi, type RunningApi, type TestResponse } from '../test-support/start-api.js';

const TEST_REDIS_URL = process.env['TEST_REDIS_URL'];
const REVIEWS = '/dashboard/api/properties/ACME001/reviews';
const SESSION_MINUTES = 30;

/** The session cookie a response set, as a browser would send it back. */
function cookieOf(response: TestResponse): string {
  const header = response.headers['set-cookie'];
  const cookie = (Array.isArray(header) ? header : [header ?? '']).find((line) => line.startsWith('hotel_dashboard='));
  if (!cookie) throw new Error('No session cookie was set');
  return cookie.split(';')[0] ?? '';
}

/** The sandbox sign-in button's flow: a first visit (cookie and CSRF token), then the POST. */
async function signInToSandbox(api: RunningApi): Promise<{ cookie: string; csrf: string }> {
  const anonymous = await api.get('/dashboard/api/session');
  const signIn = await api.request('POST', '/dashboard/api/sign-in/sandbox', {
    headers: { cookie: cookieOf(anonymous), 'x-csrf-token': anonymous.body.csrfToken },
  });
  expect(signIn.status).toBe(200);
  return { cookie: cookieOf(signIn), csrf: signIn.body.csrfToken };
}

const sessionIdOf = (cookie: string) => decodeURIComponent(cookie.slice('hotel_dashboard='.length)).split('.')[0] ?? '';

describe.skipIf(!requireUnderCi('TEST_REDIS_URL (source .ci/services.sh)', TEST_REDIS_URL !== undefined))(
  'dashboard sessions shared through Redis',
  () => {
    const prefix = `test:${randomUUID()}:`;
    const env = { REDIS_URL: TEST_REDIS_URL ?? '', REDIS_KEY_PREFIX: prefix, DASHBOARD_SESSION_MINUTES: String(SESSION_MINUTES) };
    const redis = new Redis(TEST_REDIS_URL ?? '', { lazyConnect: true });
    const apis: RunningApi[] = [];
    const instance = async () => {
      const api = await startApi({ env, now: () => new Date() });
      apis.push(api);
      return api;
    };

    afterAll(async () => {
      await Promise.all(apis.map((api) => api.close()));
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    });

    it('signs in on A, serves on B, signs out on B, and A refuses the cookie afterwards', async () => {
      const [a, b] = [await instance(), await instance()];
      const { cookie, csrf } = await signInToSandbox(a);

      const onB = await b.get('/dashboard/api/session', { cookie });
      expect(onB.body).toMatchObject({ signedIn: true, name: 'Sandbox', csrfToken: csrf });
      expect((await b.get(REVIEWS, { cookie })).status).toBe(200);

      // Kept under the deployment's prefix, expiring with the cookie.
      const key = `${prefix}dashboard:session:${sessionIdOf(cookie)}`;
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(SESSION_MINUTES * 60_000);

      const signOut = await b.request('POST', '/dashboard/api/sign-out', { headers: { cookie, 'x-csrf-token': csrf } });
      expect(signOut.status).toBe(200);
      expect(await redis.exists(key)).toBe(0);
      const replayed = await a.get(REVIEWS, { cookie });
      expect(replayed.status).toBe(401);
      expect(replayed.body.error.code).toBe('access_token_invalid');
      expect((await a.get('/dashboard/api/session', { cookie })).body.signedIn).toBe(false);
    });

    it('keeps a session across a restart of the instance that made it', async () => {
      const first = await instance();
      const { cookie } = await signInToSandbox(first);
      await first.close();
      apis.splice(apis.indexOf(first), 1);
      const restarted = await instance();
      expect((await restarted.get('/dashboard/api/session', { cookie })).body).toMatchObject({ signedIn: true, name: 'Sandbox' });
    });

    it('refuses a cookie whose signature is not the deployment’s', async () => {
      const api = await instance();
      const { cookie } = await signInToSandbox(api);
      const forged = await api.get(REVIEWS, { cookie: `${cookie.slice(0, -3)}abc` });
      expect(forged.status).toBe(401);
    });
  },
);

describe.skipIf(!requireUnderCi('redis-server', REDIS_SERVER !== undefined))('dashboard sessions while Redis is down', () => {
  let redis: TestRedis;
  let api: RunningApi;

  beforeAll(async () => {
    redis = await TestRedis.start();
    api = await startApi({ env: { REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'test:down:' }, now: () => new Date() });
  });
  afterAll(async () => {
    await api?.close();
    await redis?.stop();
  });

  it('answers 503 in the error envelope with Retry-After, then recognises nobody it lost', async () => {
    const { cookie, csrf } = await signInToSandbox(api);
    await redis.stop();

    for (const answer of [
      await api.get(REVIEWS, { cookie }),
      await api.get('/dashboard/api/session'),
      await api.request('POST', '/dashboard/api/sign-out', { headers: { cookie, 'x-csrf-token': csrf } }),
    ]) {
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.body.error).toMatchObject({ code: 'upstream_unavailable', type: 'upstream_error' });
      expect(answer.body.error.requestId).toEqual(expect.any(String));
    }

    // The restarted Redis kept nothing: once reconnected, the old cookie is no session, and a new sign-in works.
    await redis.resume();
    let after = await api.get(REVIEWS, { cookie });
    for (let attempt = 0; attempt < 100 && after.status === 503; attempt++) {
      await delay(100);
      after = await api.get(REVIEWS, { cookie });
    }
    expect(after.status).toBe(401);
    const again = await signInToSandbox(api);
    expect((await api.get(REVIEWS, { cookie: again.cookie })).status).toBe(200);
  });
});
