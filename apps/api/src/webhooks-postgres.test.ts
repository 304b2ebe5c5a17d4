/**
 * Webhooks with PostgreSQL and pg-boss, against a real HTTPS receiver: two instances relaying one
 * event log (each event enqueued once, each attempt made by one instance), a receiver down then
 * up, a slow and a garbage-answering receiver beside a good one, and an instance killed (SIGKILL)
 * in the middle of a delivery; a key revoked or narrowed while subscribed. Schedules and timeouts are short here; the defaults are the product's.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { openKeyDatabase, PostgresKeyAdmin, PostgresKeyStore } from '@hotelapi/auth/postgres';
import { createConnectors, type Connectors, type NewEvent } from '@hotelapi/connectors';
import { describeWithDatabase, type TestDatabase } from '@hotelapi/connectors/testing';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiProcess } from './test-support/api-process.js';
import { freePort } from './test-support/real-servers.js';
import { SANDBOX_AUTH, startApi, TEST_NOW, type RunningApi } from './test-support/start-api.js';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from './test-support/webhook-receiver.js';
import { createMigratedDatabase } from './test-support/migrated-database.js';

const ENV = {
  SANDBOX_KEYS: 'true',
  RATE_LIMIT_MAX: '1000000',
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_TIMEOUT_MS: '1500',
  WEBHOOK_RETRY_BASE_S: '1',
  WEBHOOK_RETRY_MAX_S: '2',
  WEBHOOK_RETRIES: '3',
  WEBHOOK_ATTEMPT_EXPIRY_S: '3',
};
const JSON_HEADERS = { ...SANDBOX_AUTH, 'content-type': 'application/json' };
const rates = (index: number, property = 'BLUE001'): NewEvent => ({
  type: 'rates.changed',
  data: { chain: 'BLUE', property, ranges: [{ from: '2026-12-01', to: '2026-12-02' }], rooms: [`R${index}`] },
});
const idsOf = (requests: readonly ReceivedWebhook[]) => requests.map((request) => request.headers['webhook-id']);
const onPath = (path: string) => (request: ReceivedWebhook) => request.path === path;

describeWithDatabase('webhooks in PostgreSQL (pg-boss), against a real HTTPS receiver', (serverUrl) => {
  let database: TestDatabase;
  let admin: pg.Client;
  let receiver: WebhookReceiver;
  /** One event log shared by two instances in this process, as the PostgreSQL log is shared. */
  let connectors: Connectors;
  const apis: RunningApi[] = [];
  /** Each instance's keys, from PostgreSQL as with DATABASE_URL in production (sandbox keys on). */
  const keyStores: PostgresKeyStore[] = [];

  const subscribe = async (path: string, api: Pick<RunningApi, 'request'> = apis[0] as RunningApi, headers: Record<string, string> = JSON_HEADERS) => {
    const created = await api.request('POST', '/v1/webhooks', { headers, body: JSON.stringify({ url: `${receiver.url}${path}`, types: ['rates.changed', 'webhook.test'] }) });
    expect(created.status).toBe(201);
    expect(created.body.data.durable).toBe(true);
    return created.body.data as { id: string; secret: string };
  };
  const count = async (query: string, values: unknown[] = []) => Number((await admin.query<{ n: string }>(query, values)).rows[0]?.n);

  beforeAll(async () => {
    database = await createMigratedDatabase(serverUrl, 'hotel_webhooks');
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    receiver = await startWebhookReceiver();
    connectors = await createConnectors({ kind: 'postgres', url: database.url, now: () => TEST_NOW });
    for (let instance = 0; instance < 2; instance++) {
      const keyStore = await PostgresKeyStore.open({ connectionString: database.url, sandbox: true });
      keyStores.push(keyStore);
      apis.push(await startApi({ env: { ...ENV, CONNECTOR: 'postgres', DATABASE_URL: database.url }, connectors, keyStore, webhookCa: receiver.ca }));
    }
  }, 60_000);
  afterAll(async () => {
    for (const api of apis) await api.close();
    for (const keyStore of keyStores) await keyStore.close();
    await connectors?.close?.();
    await receiver?.close();
    await admin?.end();
    await database?.drop();
  });

  it('two instances relaying one log: every event enqueued once, every attempt made by one instance', async () => {
    const { id, secret } = await subscribe('/pair');
    const logged = await connectors.events.append(Array.from({ length: 40 }, (_, index) => rates(index)));
    const received = await receiver.waitFor(40, onPath('/pair'));
    // Time for a duplicate to show, were there one.
    await delay(1_500);
    expect(new Set(idsOf(received.filter(onPath('/pair'))))).toEqual(new Set(logged.map((event) => event.id)));
    expect(receiver.received.filter(onPath('/pair'))).toHaveLength(40);
    expect(await count("select count(*) as n from webhook_deliveries where subscription_id = $1 and outcome = 'delivered'", [id])).toBe(40);
    const [first] = received;
    expect(new Webhook(secret).verify(first?.body ?? '', first?.headers ?? {})).toMatchObject({ type: 'rates.changed' });
  });

  it('a receiver down, then up: every event delivered, with the same ids', async () => {
    const { id } = await subscribe('/down');
    await receiver.stop();
    let restarted = false;
    try {
      const logged = await connectors.events.append(Array.from({ length: 10 }, (_, index) => rates(index)));
      // Each event failed at least twice while the receiver was down.
      while ((await count("select count(distinct event_id) as n from webhook_deliveries where subscription_id = $1 and outcome = 'failed' and attempt >= 2", [id])) < 10) await delay(100);
      await receiver.start();
      restarted = true;
      const received = await receiver.waitFor(10, onPath('/down'));
      expect(new Set(idsOf(received))).toEqual(new Set(logged.map((event) => event.id)));
    } finally {
      if (!restarted) await receiver.start();
    }
  }, 60_000);

  it('a slow and a garbage-answering receiver time out and fail, while another subscription gets its events', async () => {
    const slow = await subscribe('/slow');
    const garbage = await subscribe('/garbage');
    await subscribe('/good');
    receiver.behave((request) => (request.path === '/slow' ? { status: 200, delayMs: 30_000 } : request.path === '/garbage' ? 'garbage' : { status: 204 }));
    try {
      const logged = await connectors.events.append(Array.from({ length: 5 }, (_, index) => rates(index)));
      const good = await receiver.waitFor(5, onPath('/good'));
      expect(new Set(idsOf(good))).toEqual(new Set(logged.map((event) => event.id)));
      while ((await count("select count(*) as n from webhook_deliveries where subscription_id = $1 and outcome = 'failed'", [slow.id])) < 5) await delay(100);
      while ((await count("select count(*) as n from webhook_deliveries where subscription_id = $1 and outcome = 'failed'", [garbage.id])) < 5) await delay(100);
      const { rows } = await admin.query<{ error: string; response_status: number | null }>(
        'select error, response_status from webhook_deliveries where subscription_id = any($1) order by id limit 10',
        [[slow.id, garbage.id]],
      );
      expect(rows.every((row) => row.response_status === null && row.error.length > 0)).toBe(true);
    } finally {
      receiver.behave({ status: 204 });
      for (const { id } of [slow, garbage]) await apis[0]?.request('DELETE', `/v1/webhooks/${id}`, { headers: SANDBOX_AUTH });
    }
  });

  it('after the last retry: a dead letter, the subscription failing; a retry through the API delivers it, signed with both secrets after a rotation; 410 disables', async () => {
    const api = apis[1] as RunningApi;
    const { id, secret } = await subscribe('/dead', api);
    receiver.behave((request) => (request.path === '/dead' ? { status: 503 } : { status: 204 }));
    try {
      const { eventId } = (await api.request('POST', `/v1/webhooks/${id}/test`, { headers: SANDBOX_AUTH })).body.data;
      while ((await api.get(`/v1/webhooks/${id}`, SANDBOX_AUTH)).body.data.status !== 'failing') await delay(100);
      const attempts = (await api.get(`/v1/webhooks/${id}/deliveries`, SANDBOX_AUTH)).body.data;
      expect(attempts.map((attempt: { attempt: number; outcome: string }) => `${attempt.attempt} ${attempt.outcome}`)).toEqual(['4 dead', '3 failed', '2 failed', '1 failed']);
      const fresh = (await api.request('POST', `/v1/webhooks/${id}/rotate-secret`, { headers: SANDBOX_AUTH })).body.data.secret;
      receiver.behave({ status: 204 });
      expect((await api.request('POST', `/v1/webhooks/${id}/deliveries/${eventId}/retry`, { headers: SANDBOX_AUTH })).status).toBe(202);
      const delivered = (await receiver.waitFor(5, onPath('/dead'))).at(-1);
      expect(delivered?.headers['webhook-id']).toBe(eventId);
      for (const key of [secret, fresh]) expect(new Webhook(key).verify(delivered?.body ?? '', delivered?.headers ?? {})).toMatchObject({ type: 'webhook.test' });
      while ((await api.get(`/v1/webhooks/${id}`, SANDBOX_AUTH)).body.data.status !== 'active') await delay(100);
      receiver.behave({ status: 410 });
      await api.request('POST', `/v1/webhooks/${id}/test`, { headers: SANDBOX_AUTH });
      while ((await api.get(`/v1/webhooks/${id}`, SANDBOX_AUTH)).body.data.status !== 'disabled') await delay(100);
    } finally {
      receiver.behave({ status: 204 });
    }
  }, 60_000);

  it('a key revoked (as `npm run keys -- revoke` does) gets nothing more, its subscription disabled; narrowed grants get only what they read now', async () => {
    const keyAdmin = new PostgresKeyAdmin(openKeyDatabase(database.url, 1));
    try {
      const blue = [{ kind: 'chain' as const, code: 'BLUE' }];
      const leaving = await keyAdmin.create({ label: 'Leaving partner', mode: 'test', grants: blue, now: new Date() });
      const narrowed = await keyAdmin.create({ label: 'Regional team', mode: 'test', grants: blue, now: new Date() });
      const known = (keyId: string) => keyStores.every((store) => store.principalOfKey(keyId) !== undefined);
      while (!known(leaving.record.id) || !known(narrowed.record.id)) await delay(20);
      const as = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });
      const revoked = await subscribe('/pg-revoked', apis[0], as(leaving.key));
      await subscribe('/pg-narrowed', apis[1], as(narrowed.key));
      // A sandbox-key subscription beside them shows when the relay has judged the events.
      await subscribe('/pg-witness');
      const [before] = await connectors.events.append([rates(0, 'BLUE001')]);
      await receiver.waitFor(1, onPath('/pg-revoked'));
      await receiver.waitFor(1, onPath('/pg-narrowed'));

      await keyAdmin.revoke(leaving.record.id, new Date());
      await admin.query('UPDATE api_keys SET grants = $1 WHERE id = $2', [JSON.stringify([{ kind: 'property', code: 'BLUE002' }]), narrowed.record.id]);
      const narrowedEverywhere = () => keyStores.every((store) => store.principalOfKey(narrowed.record.id)?.grants[0]?.kind === 'property');
      while (known(leaving.record.id) || !narrowedEverywhere()) await delay(20);
      const after = await connectors.events.append([rates(1, 'BLUE001'), rates(2, 'BLUE002')]);
      await receiver.waitFor(3, onPath('/pg-witness'));
      await receiver.waitFor(2, onPath('/pg-narrowed'));
      expect(idsOf(receiver.received.filter(onPath('/pg-narrowed')))).toEqual([before?.id, after[1]?.id]);
      expect(idsOf(receiver.received.filter(onPath('/pg-revoked')))).toEqual([before?.id]);
      expect((await admin.query('SELECT status FROM webhook_subscriptions WHERE id = $1', [revoked.id])).rows[0]?.status).toBe('disabled');
    } finally {
      await keyAdmin.close();
    }
  }, 60_000);

  it('an instance killed (SIGKILL) in the middle of a delivery: after a restart it goes out again, with the same webhook-id', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hotel-webhooks-kill-'));
    const caFile = join(dir, 'receiver-ca.pem');
    writeFileSync(caFile, receiver.ca);
    // The receiver's certificate reaches the instance as a deployment's private CA would: NODE_EXTRA_CA_CERTS.
    const env = { ...ENV, CONNECTOR: 'postgres', DATABASE_URL: database.url, TLS_DIR: dir, LOG_LEVEL: 'warn', NODE_EXTRA_CA_CERTS: caFile };
    const insecure = new Agent({ connect: { rejectUnauthorized: false } });
    const at = (port: number) => ({
      request: async (method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) => {
        const response = await request(`https://127.0.0.1:${port}${path}`, { method: method as 'POST', ...init, dispatcher: insecure });
        const text = await response.body.text();
        return { status: response.statusCode, headers: response.headers, text, body: text ? JSON.parse(text) : undefined };
      },
    });
    const firstPort = await freePort();
    let instance = await ApiProcess.start({ ...env, PORT: String(firstPort) });
    try {
      const { id } = await subscribe('/killed', at(firstPort));
      receiver.behave((request) => (request.path === '/killed' ? { status: 200, delayMs: 60_000 } : { status: 204 }));
      const test = await at(firstPort).request('POST', `/v1/webhooks/${id}/test`, { headers: SANDBOX_AUTH });
      expect(test.status).toBe(202);
      const [inFlight] = await receiver.waitFor(1, onPath('/killed'));
      await instance.kill();
      receiver.behave({ status: 204 });
      const secondPort = await freePort();
      instance = await ApiProcess.start({ ...env, PORT: String(secondPort) });
      const again = await receiver.waitFor(2, onPath('/killed'), 60_000);
      expect(idsOf(again)).toEqual([test.body.data.eventId, test.body.data.eventId]);
      expect(inFlight?.headers['webhook-id']).toBe(test.body.data.eventId);
    } finally {
      await instance.kill();
      await insecure.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
