import { startApi, startWebhookReceiver, type RunningApi, type WebhookReceiver } from '@hotelapi/api/testing';
import { HotelApiClient, NotFoundError, verifyWebhook, WebhookVerificationError, type FetchLike } from '@hotelapi/client';
import { fetch as undiciFetch, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITED_KEY, SANDBOX_KEY } from './support/api.js';

/** A `fetch` trusting the test server's certificate, sending bodies too. */
function sendingFetch(dispatcher: Dispatcher): FetchLike {
  return async (input, init) => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    const body = request.body ? await request.text() : undefined;
    return (await undiciFetch(request.url, { method: request.method, headers: [...request.headers], body, signal: request.signal, dispatcher })) as unknown as Response;
  };
}

describe('client.webhooks and verifyWebhook', () => {
  let api: RunningApi;
  let receiver: WebhookReceiver;
  let client: HotelApiClient;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    api = await startApi({ webhookCa: receiver.ca, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    client = new HotelApiClient({ apiKey: SANDBOX_KEY, baseUrl: api.url, fetch: sendingFetch(api.dispatcher) });
  });
  afterAll(async () => {
    await api?.close();
    await receiver?.close();
  });

  it('subscribes, tests, and verifies the delivery into a typed event; a forged or stale one is refused', async () => {
    const { data: created } = await client.webhooks.create({ url: `${receiver.url}/sdk`, types: ['webhook.test', 'parity.breach'] });
    expect(created).toMatchObject({ tolerance: 1, status: 'active', durable: false });
    expect((await client.webhooks.list()).data.map((webhook) => webhook.id)).toContain(created.id);
    const { data: queued } = await client.webhooks.test(created.id);
    const [delivered] = await receiver.waitFor(1, (request) => request.path === '/sdk');
    const event = await verifyWebhook(delivered?.body ?? '', delivered?.headers ?? {}, created.secret);
    expect(event.id).toBe(queued.eventId);
    if (event.type !== 'webhook.test') throw new Error(`unexpected ${event.type}`);
    expect(event.data.webhookId).toBe(created.id);

    const headers = delivered?.headers ?? {};
    await expect(verifyWebhook(`${delivered?.body} `, headers, created.secret)).rejects.toBeInstanceOf(WebhookVerificationError);
    const { data: rotated } = await client.webhooks.rotateSecret(created.id);
    await expect(verifyWebhook(delivered?.body ?? '', headers, rotated.secret)).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(verifyWebhook(delivered?.body ?? '', headers, created.secret, { now: () => new Date(Date.now() + 10 * 60_000) })).rejects.toThrow(/too far/);

    const { data: deliveries } = await client.webhooks.deliveries(created.id, { limit: 5 });
    expect(deliveries[0]).toMatchObject({ eventId: queued.eventId, outcome: 'delivered', attempt: 1 });
    expect((await client.webhooks.update(created.id, { enabled: false })).data.status).toBe('disabled');
    await client.webhooks.delete(created.id);
    await expect(client.webhooks.get(created.id)).rejects.toBeInstanceOf(NotFoundError);
    const limited = new HotelApiClient({ apiKey: LIMITED_KEY, baseUrl: api.url, fetch: sendingFetch(api.dispatcher) });
    expect((await limited.webhooks.list()).data).toEqual([]);
  });
});
