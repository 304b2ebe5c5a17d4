/**
 * Several instances behind nginx, as deployed (docs/DEPLOY.md): real PostgreSQL (keys), Redis
 * (shared rate limits), nginx and two API processes, all on loopback.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { migrateKeyStore, openKeyDatabase, PostgresKeyAdmin } from '@hotelapi/auth/postgres';
import { createTestDatabase, postgresAvailable } from '@hotelapi/auth/testing';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTlsMaterial } from './http/server/tls.js';
import { ApiProcess } from './test-support/api-process.js';
import { NGINX, TestNginx } from './test-support/nginx.js';
import { freePort, REDIS_SERVER, requireUnderCi, TestRedis } from './test-support/real-servers.js';

const SHOP = '/v1/shopper/ACME001?checkIn=2027-01-15&checkOut=2027-01-18';
const KEYS_COMMAND = join(import.meta.dirname, '../../../tools/keys.ts');
const TSX_LOADER = createRequire(import.meta.url).resolve('tsx');

const ready =
  requireUnderCi('redis-server', REDIS_SERVER !== undefined) && requireUnderCi('nginx', NGINX !== undefined) && postgresAvailable();

describe.skipIf(!ready)('two instances behind nginx with PostgreSQL keys and Redis limits', () => {
  let database: { url: string; drop: () => Promise<void> };
  let admin: PostgresKeyAdmin;
  let redis: TestRedis;
  let nginx: TestNginx;
  let dispatcher: Agent;
  let nginxUrl: string;
  let loadKey: string;
  const ports: number[] = [];
  const instances: ApiProcess[] = [];
  let env: Record<string, string>;

  /** A new key; it reaches every instance through NOTIFY within milliseconds. */
  async function newKey(label: string, rateLimitMax?: number): Promise<{ key: string; id: string }> {
    const { key, record } = await admin.create({ label, mode: 'live', grants: [{ kind: 'all' }], now: new Date(), rateLimitMax });
    await delay(300);
    return { key, id: record.id };
  }

  /**
   * Waits until nginx sends traffic to the instance again: it keeps a failed instance out for
   * `fail_timeout`, so the next instance may only be stopped once this one is back in rotation.
   */
  async function backInRotation(index: number): Promise<void> {
    for (let attempt = 0; attempt < 100; attempt++) {
      if ((await get(`${nginxUrl}/healthz`, loadKey)).upstream.endsWith(`:${ports[index]}`)) return;
      await delay(100);
    }
    throw new Error(`nginx sent nothing to instance ${index}`);
  }

  const startInstance = (index: number) => ApiProcess.start({ ...env, PORT: String(ports[index]) }).then((api) => (instances[index] = api));

  async function get(url: string, key: string) {
    const response = await request(url, { headers: { authorization: `Bearer ${key}` }, dispatcher });
    await response.body.dump();
    return { status: response.statusCode, upstream: String(response.headers['x-upstream'] ?? '') };
  }

  /** Steady GET load through nginx until `during` settles; every answer's status is kept. */
  async function underLoad(during: () => Promise<void>, workers = 6): Promise<Map<string, number>> {
    const outcomes = new Map<string, number>();
    let running = true;
    const worker = async () => {
      while (running) {
        const outcome = await get(`${nginxUrl}${SHOP}`, loadKey).then(
          ({ status }) => String(status),
          (error: Error) => `error ${error.message}`,
        );
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
    };
    const load = Array.from({ length: workers }, worker);
    try {
      await delay(300);
      await during();
      await delay(300);
    } finally {
      running = false;
      await Promise.all(load);
    }
    return outcomes;
  }

  beforeAll(async () => {
    database = await createTestDatabase('scale_e2e');
    const db = openKeyDatabase(database.url);
    await migrateKeyStore(db);
    admin = new PostgresKeyAdmin(db);
    loadKey = (await admin.create({ label: 'Load', mode: 'live', grants: [{ kind: 'all' }], now: new Date(), rateLimitMax: 1_000_000 })).key;

    redis = await TestRedis.start();
    const tlsDir = mkdtempSync(join(tmpdir(), 'hotel-api-e2e-tls-'));
    const tls = await loadTlsMaterial({ selfSignedDir: tlsDir });
    dispatcher = new Agent({ connect: { ca: tls.cert }, connections: 16 });
    ports.push(await freePort(), await freePort());
    env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: `e2e:${randomUUID()}:`,
      TRUST_PROXY: '127.0.0.1/32',
      TLS_DIR: tlsDir,
      SHUTDOWN_DRAIN_MS: '1000',
      SHUTDOWN_TIMEOUT_MS: '10000',
      LOG_LEVEL: 'warn',
    };
    await Promise.all([startInstance(0), startInstance(1)]);
    const nginxPort = await freePort();
    nginx = await TestNginx.start({
      port: nginxPort,
      upstreamPorts: ports,
      certFile: join(tlsDir, 'localhost-cert.pem'),
      keyFile: join(tlsDir, 'localhost-key.pem'),
    });
    nginxUrl = `https://127.0.0.1:${nginxPort}`;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(instances.map((api) => api?.kill()));
    await nginx?.stop();
    await redis?.stop();
    await dispatcher?.close();
    await admin?.close();
    await database?.drop();
  }, 60_000);

  it('gives a key limited to N requests N successes in total across both instances, then 429s', async () => {
    const { key } = await newKey('Limited', 8);
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await get(`${nginxUrl}${SHOP}`, key));
    expect(answers.map((answer) => answer.status)).toEqual([...Array(8).fill(200), 429, 429, 429, 429]);
    // nginx spread them: both instances served part of the budget.
    expect(new Set(answers.map((answer) => answer.upstream)).size).toBe(2);
  }, 60_000);

  it('refuses a key revoked with the CLI on both instances within a second', async () => {
    const { key, id } = await newKey('To revoke');
    const direct = ports.map((port) => `https://127.0.0.1:${port}${SHOP}`);
    for (const url of direct) expect((await get(url, key)).status).toBe(200);
    await new Promise<void>((resolve, reject) =>
      execFile(process.execPath, ['--conditions=@hotelapi/source', '--import', TSX_LOADER, KEYS_COMMAND, 'revoke', id], { env: { ...process.env, DATABASE_URL: database.url } }, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    const revokedAt = Date.now();
    const refusedWithin = await Promise.all(
      direct.map(async (url) => {
        while ((await get(url, key)).status !== 401) {
          if (Date.now() - revokedAt > 5_000) break;
          await delay(20);
        }
        return Date.now() - revokedAt;
      }),
    );
    for (const took of refusedWithin) expect(took).toBeLessThan(1_000);
  }, 60_000);

  it('loses no request when one instance dies mid-load: nginx retries it on the other', async () => {
    const outcomes = await underLoad(async () => {
      const [first] = instances;
      if (!first) throw new Error('Instance 0 is not running');
      await first.kill();
      await delay(1_500);
    });
    expect([...outcomes.keys()]).toEqual(['200']);
    expect(outcomes.get('200')).toBeGreaterThan(20);
    await startInstance(0);
  }, 90_000);

  it('keeps answering while Redis is down, and shares limits again when it is back', async () => {
    const readiness = () => Promise.all(ports.map(async (port) => {
      const response = await request(`https://127.0.0.1:${port}/readyz`, { dispatcher });
      return ((await response.body.json()) as { details: { rateLimits: string } }).details.rateLimits;
    }));
    const outcomes = await underLoad(async () => {
      await redis.stop();
      await delay(1_000);
      expect(await readiness()).toEqual(['local (Redis unreachable)', 'local (Redis unreachable)']);
      await redis.resume();
      for (let i = 0; i < 50 && (await readiness()).some((mode) => mode !== 'shared'); i++) await delay(100);
    });
    expect([...outcomes.keys()]).toEqual(['200']);
    expect(await readiness()).toEqual(['shared', 'shared']);
    const { key } = await newKey('After Redis', 4);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await get(`${nginxUrl}${SHOP}`, key)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  }, 90_000);

  it('loses nothing in a rolling restart under load; each instance drains and exits 0', async () => {
    const exits: (number | null)[] = [];
    const outcomes = await underLoad(async () => {
      for (const index of [0, 1]) {
        const instance = instances[index];
        if (!instance) throw new Error(`Instance ${index} is not running`);
        exits.push(await instance.terminate());
        await startInstance(index);
        await backInRotation(index);
      }
    });
    expect(exits).toEqual([0, 0]);
    if (outcomes.size > 1) console.log(outcomes, await nginx.errorLog());
    expect([...outcomes.keys()]).toEqual(['200']);
  }, 120_000);
});
