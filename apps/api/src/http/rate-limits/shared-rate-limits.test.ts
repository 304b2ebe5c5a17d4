import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { REDIS_SERVER, requireUnderCi, TestRedis } from '../../test-support/real-servers.js';
import { SANDBOX_AUTH, startApi, type RunningApi } from '../../test-support/start-api.js';

const SHOP = '/v1/shopper/ACME001?checkIn=2027-01-15&checkOut=2027-01-18';
const MCP_HEADERS = { ...SANDBOX_AUTH, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** Captures the JSON log lines of an instance. */
function logCapture() {
  const lines: { msg?: string; level: number }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

/** Reads how many scripts (rate-limit claims) the Redis at `url` has run so far. */
async function scriptCalls(url: string): Promise<() => Promise<number>> {
  const client = new Redis(url);
  onTestFinished(() => void client.quit());
  return async () => {
    const stats = await client.info('commandstats');
    return [...stats.matchAll(/cmdstat_eval(?:sha)?:calls=(\d+)/g)].reduce((sum, [, calls]) => sum + Number(calls), 0);
  };
}

describe.skipIf(!requireUnderCi('redis-server', REDIS_SERVER !== undefined))('rate limits shared through Redis', () => {
  let redis: TestRedis;
  const apis: RunningApi[] = [];
  let log = logCapture();

  /** Two instances on one Redis, with budgets of their own (a fresh key prefix); the first one's log is kept. */
  async function twoInstances(env: Record<string, string>): Promise<[RunningApi, RunningApi]> {
    log = logCapture();
    const shared = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: `test:${randomUUID()}:`, ...env };
    const pair = [await startApi({ env: shared, logger: log.logger }), await startApi({ env: shared })] as [RunningApi, RunningApi];
    apis.push(...pair);
    return pair;
  }

  beforeAll(async () => {
    redis = await TestRedis.start();
  });
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.close()));
    await redis.stop();
  });

  it('gives a key N requests in total across both instances, then 429s with the usual headers', async () => {
    const [a, b] = await twoInstances({ RATE_LIMIT_MAX: '6' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await a.get(SHOP, SANDBOX_AUTH)).status, (await b.get(SHOP, SANDBOX_AUTH)).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(6);
    expect(statuses.slice(6)).toEqual([429, 429, 429, 429]);
    const limited = await b.get(SHOP, SANDBOX_AUTH);
    expect(limited.status).toBe(429);
    expect(limited.headers['ratelimit-limit']).toBe('6');
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limited' });
    expect((await a.get('/readyz')).body).toMatchObject({ status: 'ok', details: { rateLimits: 'shared' } });
  });

  it('spends a claimed slice locally: a key costs a Redis call per half slice, not one a request, with exact headers', async () => {
    const [a] = await twoInstances({ RATE_LIMIT_MAX: '1000' }); // a slice of 50
    const scripts = await scriptCalls(redis.url);
    const before = await scripts();
    let last;
    for (let i = 0; i < 100; i++) last = await a.get(SHOP, SANDBOX_AUTH);
    // The first claim is awaited; the rest are claimed in the background as each slice is half spent.
    expect((await scripts()) - before).toBeLessThanOrEqual(6);
    expect(last?.headers['ratelimit-remaining']).toBe('900');
  });

  it('never admits more than the budget across two instances, and refuses a key at most one slice early', async () => {
    const [a, b] = await twoInstances({ RATE_LIMIT_MAX: '100' }); // a slice of 5
    const first = await b.get(SHOP, SANDBOX_AUTH);
    // b holds the other 4 of its slice; what it says is left does not count them as spent.
    expect(first.headers['ratelimit-remaining']).toBe('99');
    let admittedByA = 0;
    for (let status = 200; status === 200 && admittedByA <= 100; ) {
      status = (await a.get(SHOP, SANDBOX_AUTH)).status;
      if (status === 200) admittedByA++;
    }
    // Refused while b still holds what it claimed: at most (instances - 1) × slice early.
    expect(admittedByA).toBeGreaterThanOrEqual(100 - 1 - 5);
    let admittedByB = 1;
    while ((await b.get(SHOP, SANDBOX_AUTH)).status === 200) admittedByB++;
    expect(admittedByA + admittedByB).toBe(100);

    // Both at once: requests racing on two instances still share one budget.
    const [c, d] = await twoInstances({ RATE_LIMIT_MAX: '100' });
    const statuses = await Promise.all(Array.from({ length: 160 }, (_, n) => (n % 2 ? c : d).get(SHOP, SANDBOX_AUTH).then((response) => response.status)));
    const admitted = statuses.filter((status) => status === 200).length;
    expect(admitted).toBeLessThanOrEqual(100);
    expect(admitted).toBeGreaterThanOrEqual(100 - 5);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 429)).toBe(true);
  });

  it('refuses a spent window on every instance until it ends, then grants the next window afresh', async () => {
    const [a, b] = await twoInstances({ RATE_LIMIT_MAX: '40', RATE_LIMIT_WINDOW_MS: '3000' }); // a slice of 2; long enough for its 50 requests
    let admitted = 0;
    for (let i = 0; i < 50; i++) if ((await (i % 2 ? a : b).get(SHOP, SANDBOX_AUTH)).status === 200) admitted++;
    expect(admitted).toBe(40);
    const refused = await a.get(SHOP, SANDBOX_AUTH);
    expect(refused.status).toBe(429);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    await delay(Number(refused.headers['retry-after']) * 1000 + 100);
    const next = await a.get(SHOP, SANDBOX_AUTH);
    expect(next.status).toBe(200);
    expect(next.headers['ratelimit-remaining']).toBe('39');
    expect((await b.get(SHOP, SANDBOX_AUTH)).status).toBe(200);
  });

  it('counts every tools/call of an MCP batch against the key', async () => {
    const [a, b] = await twoInstances({ RATE_LIMIT_MAX: '5' });
    const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_property_info', arguments: { hotelCode: 'ACME001' } } });
    const batch = await a.request('POST', '/mcp', { headers: MCP_HEADERS, body: JSON.stringify([call(1), call(2), call(3), call(4)]) });
    expect(batch.status).toBe(200);
    expect(batch.headers['ratelimit-remaining']).toBe('1');
    expect((await b.get(SHOP, SANDBOX_AUTH)).status).toBe(200);
    const over = await a.request('POST', '/mcp', { headers: MCP_HEADERS, body: JSON.stringify([call(5), call(6)]) });
    expect(over.status).toBe(429);
    expect(over.body.error.data).toMatchObject({ type: 'rate_limit_error', code: 'rate_limited' });
  });

  it('throttles failed authentications per client address, even for a key that would be right', async () => {
    const [a, b] = await twoInstances({ AUTH_FAILURE_LIMIT_MAX: '3' });
    const wrong = { authorization: 'Bearer sk_live_notAKeyAnyoneIssued00000000' };
    expect((await a.get(SHOP, wrong)).status).toBe(401);
    expect((await b.get(SHOP, wrong)).status).toBe(401);
    expect((await a.get(SHOP, wrong)).status).toBe(401);
    const throttled = await b.get(SHOP, wrong);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // Once the address is throttled, even a valid key waits: a right guess must not show.
    expect((await a.get(SHOP, SANDBOX_AUTH)).status).toBe(429);
  });

  it('keeps serving with per-instance limits while Redis is down, says so once, and shares again when it is back', async () => {
    const [a, b] = await twoInstances({ RATE_LIMIT_MAX: '4' });
    await redis.stop();
    await delay(100);
    const during = [];
    for (let i = 0; i < 6; i++) during.push((await a.get(SHOP, SANDBOX_AUTH)).status);
    // Per instance now: a has a budget of its own.
    expect(during).toEqual([200, 200, 200, 200, 429, 429]);
    expect((await b.get(SHOP, SANDBOX_AUTH)).status).toBe(200);
    expect((await a.get('/readyz')).body).toMatchObject({ status: 'ok', details: { rateLimits: 'local (Redis unreachable)' } });
    const warnings = log.lines.filter((line) => line.msg?.startsWith('Redis unreachable'));
    expect(warnings).toHaveLength(1);

    await redis.resume();
    // ioredis reconnects by itself, backing off up to 2 s.
    const modes = async () => Promise.all([a, b].map(async (api) => (await api.get('/readyz')).body.details.rateLimits));
    for (let attempt = 0; attempt < 100 && (await modes()).some((mode) => mode !== 'shared'); attempt++) await delay(100);
    expect(await modes()).toEqual(['shared', 'shared']);
    // A fresh Redis: the shared budget starts again and is shared by both.
    const after = [];
    for (let i = 0; i < 3; i++) after.push((await a.get(SHOP, SANDBOX_AUTH)).status, (await b.get(SHOP, SANDBOX_AUTH)).status);
    expect(after.filter((status) => status === 200)).toHaveLength(4);
    expect(log.lines.some((line) => line.msg?.startsWith('Redis reachable again'))).toBe(true);
  });

  it('counts locally while Redis is too slow to answer on an open connection, and shares again once it answers', async () => {
    const [a] = await twoInstances({ RATE_LIMIT_MAX: '4' });
    const admin = new Redis(redis.url);
    onTestFinished(() => void admin.quit());
    // Every other client's commands wait 1.5 s: a claim times out (500 ms) with the connection still open.
    await admin.call('CLIENT', 'PAUSE', '1500', 'ALL');
    expect((await a.get(SHOP, SANDBOX_AUTH)).status).toBe(200);
    expect((await a.get('/readyz')).body.details.rateLimits).toBe('local (Redis unreachable)');
    let mode = '';
    for (let attempt = 0; attempt < 50 && mode !== 'shared'; attempt++) {
      await delay(100);
      mode = (await a.get('/readyz')).body.details.rateLimits;
    }
    expect(mode).toBe('shared');
    expect(log.lines.some((line) => line.msg?.startsWith('Redis reachable again'))).toBe(true);
  });
});
