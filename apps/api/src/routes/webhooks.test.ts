import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addKey, loadKeyStore, readKeyFile, revokeKey, writeKeyFile, type HashIndexedKeyStore, type KeyStore } from '@hotelapi/auth';
import { createSandboxConnectors, type Connectors } from '@hotelapi/connectors';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITED_AUTH, SANDBOX_AUTH, TEST_NOW, startApi, type RunningApi } from '../test-support/start-api.js';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../test-support/webhook-receiver.js';

const JSON_HEADERS = { ...SANDBOX_AUTH, 'content-type': 'application/json' };
const tolerancesInUse = (app: RunningApi['app']) => app.webhooks.tolerancesInUse();

/** The one item a check expects to be there. */
function only<T>(items: readonly T[], index = 0): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index} of ${items.length}`);
  return item;
}

describe('/v1/webhooks (sandbox: in memory)', () => {
  let api: RunningApi;
  let receiver: WebhookReceiver;
  let connectors: Connectors;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    connectors = createSandboxConnectors({ now: () => TEST_NOW });
    // A short schedule: one retry, 1 to 2 s after the first failure.
    api = await startApi({ connectors, webhookCa: receiver.ca, env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_S: '1', WEBHOOK_RETRIES: '1', WEBHOOK_TIMEOUT_MS: '2000' } });
  });
  afterAll(async () => {
    await api?.close();
    await receiver?.close();
  });

  const create = (body: object, headers: Record<string, string> = JSON_HEADERS) => api.request('POST', '/v1/webhooks', { headers, body: JSON.stringify(body) });
  const ofType = (type: string) => (request: ReceivedWebhook) => JSON.parse(request.body).type === type;
  const rates = (property: string, chain: string) => ({ type: 'rates.changed' as const, data: { chain, property, ranges: [{ from: '2026-12-01', to: '2026-12-03' }], rooms: ['DBL'] } });

  it('subscribes, shows the secret once, signs per Standard Webhooks, and delivers a logged event with its id', async () => {
    const created = await create({ url: `${receiver.url}/hooks`, types: ['rates.changed', 'webhook.test'], properties: ['ACME001'] });
    expect(created.status).toBe(201);
    const { id, secret, durable, status, tolerance } = created.body.data;
    expect({ durable, status, tolerance }).toEqual({ durable: false, status: 'active', tolerance: 1 });
    expect(secret).toMatch(/^whsec_/);
    const shown = await api.get(`/v1/webhooks/${id}`, SANDBOX_AUTH);
    expect(shown.body.data.secret).toBeUndefined();

    const test = await api.request('POST', `/v1/webhooks/${id}/test`, { headers: SANDBOX_AUTH });
    expect(test.status).toBe(202);
    const delivered = only(await receiver.waitFor(1, ofType('webhook.test')));
    expect(delivered.headers['webhook-id']).toBe(test.body.data.eventId);
    expect(new Webhook(secret).verify(delivered.body, delivered.headers)).toMatchObject({ type: 'webhook.test', data: { webhookId: id } });

    const logged = only(await connectors.events.append([rates('ACME001', 'ACME'), rates('ACME002', 'ACME')]));
    const change = only(await receiver.waitFor(1, ofType('rates.changed')));
    expect(change.headers['webhook-id']).toBe(logged.id);
    expect(JSON.parse(change.body)).toEqual({ type: 'rates.changed', timestamp: logged.timestamp, data: logged.data });

    // Recorded once the receiver's answer is back, a moment after it got the event.
    const deliveries = async () => (await api.get(`/v1/webhooks/${id}/deliveries`, SANDBOX_AUTH)).body.data.map((attempt: { eventId: string; outcome: string }) => [attempt.eventId, attempt.outcome]);
    await expect.poll(deliveries).toEqual(expect.arrayContaining([[logged.id, 'delivered'], [test.body.data.eventId, 'delivered']]));
    // Only ACME001's event: ACME002 is not among the subscription's properties.
    expect(receiver.received.filter(ofType('rates.changed'))).toHaveLength(1);
  });

  it('lets a key see and manage only its own subscriptions', async () => {
    const created = await create({ url: `${receiver.url}/own`, types: ['data.loaded'] });
    const { id } = created.body.data;
    for (const [method, path] of [['GET', ''], ['PATCH', ''], ['DELETE', ''], ['POST', '/test'], ['GET', '/deliveries'], ['POST', '/rotate-secret']]) {
      const other = await api.request(method ?? 'GET', `/v1/webhooks/${id}${path}`, method === 'PATCH' ? { headers: { ...LIMITED_AUTH, 'content-type': 'application/json' }, body: '{}' } : { headers: LIMITED_AUTH });
      expect(other.status, `${method} ${path}`).toBe(404);
      expect(other.body.error.code).toBe('webhook_not_found');
    }
    expect((await api.get('/v1/webhooks', LIMITED_AUTH)).body.data).toEqual([]);
    expect((await api.request('DELETE', `/v1/webhooks/${id}`, { headers: SANDBOX_AUTH })).status).toBe(204);
    expect((await api.get(`/v1/webhooks/${id}`, SANDBOX_AUTH)).status).toBe(404);
  });

  it('refuses bad input with a clear 4xx and stores nothing', async () => {
    const before = (await api.get('/v1/webhooks', LIMITED_AUTH)).body.data.length;
    const limited = { ...LIMITED_AUTH, 'content-type': 'application/json' };
    const cases: [object, number, string][] = [
      [{ url: 'http://example.com/in', types: ['rates.changed'] }, 400, 'webhook_url_invalid'],
      [{ url: 'not a url', types: ['rates.changed'] }, 400, 'webhook_url_invalid'],
      [{ url: `https://example.com/${'x'.repeat(2_050)}`, types: ['rates.changed'] }, 400, 'parameter_invalid'],
      [{ url: `${receiver.url}/in`, types: ['rates.moved'] }, 400, 'parameter_invalid'],
      [{ url: `${receiver.url}/in`, types: ['parity.breach'], tolerance: 101 }, 400, 'parameter_invalid'],
      [{ url: `${receiver.url}/in`, types: ['parity.breach'], tolerance: -1 }, 400, 'parameter_invalid'],
      [{ url: `${receiver.url}/in`, types: ['rates.changed'], properties: ['ACME002'] }, 403, 'property_forbidden'],
      [{ url: `${receiver.url}/in`, types: ['rates.changed'], chains: ['ACME'] }, 403, 'chain_forbidden'],
    ];
    for (const [body, status, code] of cases) {
      const answer = await create(body, limited);
      expect([answer.status, answer.body.error?.code], JSON.stringify(body).slice(0, 80)).toEqual([status, code]);
    }
    expect((await api.get('/v1/webhooks', LIMITED_AUTH)).body.data).toHaveLength(before);
  });

  it('sends parity events only of the subscription’s tolerance', async () => {
    const { id } = (await create({ url: `${receiver.url}/parity`, types: ['parity.breach'], tolerance: 2.5 })).body.data;
    const breach = (tolerance: number) => ({
      type: 'parity.breach' as const,
      data: {
        chain: 'ACME', property: 'ACME001', arrival: '2026-12-10', nights: 2, adults: 2, children: 0, channel: 'OTA_01' as const, roomId: 'DBL', rateId: 'BAR',
        currency: 'EUR', direct: 200, channelPrice: 180, undercutPercent: 10, tolerance, status: 'LOSE' as const, collectedAt: TEST_NOW.toISOString(),
      },
    });
    const wanted = only(await connectors.events.append([breach(1), breach(2.5)]), 1);
    const got = await receiver.waitFor(1, (request) => request.path === '/parity');
    expect(got.map((request) => request.headers['webhook-id'])).toEqual([wanted.id]);
    // The parity watcher is told this subscription's tolerance.
    expect(await tolerancesInUse(api.app)).toContain(2.5);
    await api.request('DELETE', `/v1/webhooks/${id}`, { headers: SANDBOX_AUTH });
  });

  it('retries a failure, keeps a dead letter after the last retry (failing), sends it again on request, and disables on 410', async () => {
    const { id } = (await create({ url: `${receiver.url}/flaky`, types: ['webhook.test'] })).body.data;
    receiver.behave((request) => (request.path === '/flaky' ? { status: 500, body: 'x'.repeat(5_000) } : { status: 204 }));
    const { eventId } = (await api.request('POST', `/v1/webhooks/${id}/test`, { headers: SANDBOX_AUTH })).body.data;
    const attempts = await receiver.waitFor(2, (request) => request.path === '/flaky', 10_000);
    expect(attempts.map((request) => request.headers['webhook-id'])).toEqual([eventId, eventId]);
    await expect.poll(async () => (await api.get(`/v1/webhooks/${id}`, SANDBOX_AUTH)).body.data.status).toBe('failing');
    const deliveries = (await api.get(`/v1/webhooks/${id}/deliveries`, SANDBOX_AUTH)).body.data;
    expect(deliveries.map((attempt: { attempt: number; outcome: string }) => [attempt.attempt, attempt.outcome])).toEqual([[2, 'dead'], [1, 'failed']]);
    expect(deliveries[0].responseStatus).toBe(500);
    expect(deliveries[0].error).toHaveLength(1_024);

    receiver.behave({ status: 200 });
    expect((await api.request('POST', `/v1/webhooks/${id}/deliveries/${eventId}/retry`, { headers: SANDBOX_AUTH })).status).toBe(202);
    await receiver.waitFor(3, (request) => request.path === '/flaky');
    await expect.poll(async () => (await api.get(`/v1/webhooks/${id}`, SANDBOX_AUTH)).body.data.status).toBe('active');
    expect((await api.request('POST', `/v1/webhooks/${id}/deliveries/evt_0000000000000/retry`, { headers: SANDBOX_AUTH })).body.error.code).toBe('webhook_delivery_not_found');

    receiver.behave({ status: 410 });
    await api.request('POST', `/v1/webhooks/${id}/test`, { headers: SANDBOX_AUTH });
    await expect.poll(async () => (await api.get(`/v1/webhooks/${id}`, SANDBOX_AUTH)).body.data.status).toBe('disabled');
    receiver.behave({ status: 204 });
  });

  it('signs with the old and the new secret after a rotation', async () => {
    const { id, secret: old } = (await create({ url: `${receiver.url}/rotated`, types: ['webhook.test'] })).body.data;
    const rotated = await api.request('POST', `/v1/webhooks/${id}/rotate-secret`, { headers: SANDBOX_AUTH });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.data.secret;
    expect(fresh).not.toBe(old);
    await api.request('POST', `/v1/webhooks/${id}/test`, { headers: SANDBOX_AUTH });
    const delivered = only(await receiver.waitFor(1, (request) => request.path === '/rotated'));
    expect(delivered.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    for (const secret of [old, fresh]) expect(new Webhook(secret).verify(delivered.body, delivered.headers)).toMatchObject({ type: 'webhook.test' });
  });

  it('changes a subscription with PATCH, checking the URL and grants again', async () => {
    const { id } = (await create({ url: `${receiver.url}/patched`, types: ['data.loaded'] })).body.data;
    const patch = (body: object) => api.request('PATCH', `/v1/webhooks/${id}`, { headers: JSON_HEADERS, body: JSON.stringify(body) });
    expect((await patch({ url: 'http://example.com' })).body.error.code).toBe('webhook_url_invalid');
    const changed = await patch({ types: ['parity.breach', 'parity.restored'], tolerance: 0, enabled: false });
    expect(changed.body.data).toMatchObject({ types: ['parity.breach', 'parity.restored'], tolerance: 0, status: 'disabled', url: `${receiver.url}/patched` });
  });
});

describe('/v1/webhooks follow their owner key as it is now (keys file)', () => {
  let api: RunningApi;
  let receiver: WebhookReceiver;
  let connectors: Connectors;
  let dir: string;
  let file: string;
  /** The keys as the API loads them from the file (at start): loaded again after each rewrite here, the in-memory subscriptions kept. */
  let loaded: HashIndexedKeyStore;
  const keyStore: KeyStore = { authenticate: (key) => loaded.authenticate(key), principalOfKey: (keyId) => loaded.principalOfKey(keyId) };
  const reloadKeys = async () => {
    loaded = await loadKeyStore({ file, sandbox: true });
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'webhook-owners-'));
    file = join(dir, 'api-keys.json');
    await reloadKeys();
    receiver = await startWebhookReceiver();
    connectors = createSandboxConnectors({ now: () => TEST_NOW });
    api = await startApi({ connectors, keyStore, webhookCa: receiver.ca, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  });
  afterAll(async () => {
    await api?.close();
    await receiver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const rates = (property: string) => ({ type: 'rates.changed' as const, data: { chain: 'ACME', property, ranges: [{ from: '2026-12-01', to: '2026-12-03' }], rooms: ['DBL'] } });
  const onPath = (path: string) => (request: ReceivedWebhook) => request.path === path;
  const idsAt = (path: string) => receiver.received.filter(onPath(path)).map((request) => request.headers['webhook-id']);
  const subscribe = async (key: string, path: string) => {
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const created = await api.request('POST', '/v1/webhooks', { headers, body: JSON.stringify({ url: `${receiver.url}${path}`, types: ['rates.changed'] }) });
    expect(created.status).toBe(201);
    return created.body.data.id as string;
  };

  it('a revoked key’s subscription is disabled and gets no further event', async () => {
    const { key, record } = await addKey(file, { label: 'Leaving partner', mode: 'test', grants: [{ kind: 'chain', code: 'ACME' }], now: TEST_NOW });
    await reloadKeys();
    const id = await subscribe(key, '/revoked');
    // A sandbox-key subscription beside it shows when the relay has judged an event.
    await subscribe('sk_test_sandbox', '/witness');
    const before = only(await connectors.events.append([rates('ACME001')]));
    await receiver.waitFor(1, onPath('/revoked'));

    await revokeKey(file, record.id, TEST_NOW);
    await reloadKeys();
    const after = only(await connectors.events.append([rates('ACME001')]));
    await receiver.waitFor(2, onPath('/witness'));
    expect(idsAt('/witness')).toEqual([before.id, after.id]);
    expect(idsAt('/revoked')).toEqual([before.id]);
    expect((await api.app.webhooks.store.get(id))?.status).toBe('disabled');
    expect((await api.get('/v1/webhooks', { authorization: `Bearer ${key}` })).status).toBe(401);
  });

  it('a key whose grants narrowed gets only the events they read now', async () => {
    const { key, record } = await addKey(file, { label: 'Regional team', mode: 'test', grants: [{ kind: 'chain', code: 'ACME' }], now: TEST_NOW });
    await reloadKeys();
    const id = await subscribe(key, '/narrowed');
    const whileChain = only(await connectors.events.append([rates('ACME002')]));
    await receiver.waitFor(1, onPath('/narrowed'));

    const contents = await readKeyFile(file);
    await writeKeyFile(file, { ...contents, keys: contents.keys.map((each) => (each.id === record.id ? { ...each, grants: [{ kind: 'property' as const, code: 'ACME001' }] } : each)) });
    await reloadKeys();
    await connectors.events.append([rates('ACME002')]);
    const readable = only(await connectors.events.append([rates('ACME001')]));
    await receiver.waitFor(2, onPath('/narrowed'));
    expect(idsAt('/narrowed')).toEqual([whileChain.id, readable.id]);
    expect((await api.get(`/v1/webhooks/${id}`, { authorization: `Bearer ${key}` })).body.data.status).toBe('active');
  });
});
