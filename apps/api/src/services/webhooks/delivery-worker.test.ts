import type { HotelEvent } from '@hotelapi/domain';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../test-support/webhook-receiver.js';
import { RESPONSE_KEPT_BYTES } from './delivery-agent.js';
import { DeliveryWorker } from './delivery-worker.js';
import { newSigningSecret } from './signing.js';

const testEvent = (n: number): HotelEvent => ({
  id: `evt_delivery_worker_${n}`,
  type: 'webhook.test',
  timestamp: new Date().toISOString(),
  data: { webhookId: 'wh_test', message: `attempt ${n}` },
});

describe('the delivery worker thread', () => {
  let receiver: WebhookReceiver;
  let worker: DeliveryWorker;
  const lost: unknown[] = [];
  const secret = newSigningSecret();

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    worker = new DeliveryWorker({ timeoutMs: 10_000, allowPrivate: true, ca: receiver.ca }, (error) => lost.push(error));
  });
  afterAll(async () => {
    await worker?.close();
    await receiver?.close();
  });

  it('signs and POSTs in a thread of its own; the answers of a batch come back to their attempts', async () => {
    receiver.behave((request) => (request.path === '/gone' ? { status: 410, body: 'x'.repeat(5_000) } : { status: 204 }));
    const [fannedOut, other] = [testEvent(1), testEvent(2)];
    // Posted in one turn: one message to the thread, the fanned-out event's body in it once.
    const [first, second, gone] = await Promise.all([
      worker.post(`${receiver.url}/a`, fannedOut, [secret], new Date()),
      worker.post(`${receiver.url}/b`, fannedOut, [secret], new Date()),
      worker.post(`${receiver.url}/gone`, other, [secret], new Date()),
    ]);
    expect([first?.status, second?.status, gone?.status]).toEqual([204, 204, 410]);
    expect(gone?.detail).toHaveLength(RESPONSE_KEPT_BYTES);
    expect(worker.thread).toBeDefined();
    for (const request of receiver.received) {
      const verified = new Webhook(secret).verify(request.body, request.headers) as { type: string };
      expect(verified.type).toBe('webhook.test');
    }
    expect(receiver.received.map((request) => request.headers['webhook-id']).sort()).toEqual([fannedOut.id, fannedOut.id, other.id]);
  });

  it('survives its thread dying mid-delivery: the attempt in flight fails (to be retried), the next one starts a new thread', async () => {
    receiver.received.length = 0;
    // Held: the receiver answers only long after the thread is gone.
    receiver.behave({ status: 204, delayMs: 60_000 });
    const held = worker.post(`${receiver.url}/held`, testEvent(3), [secret], new Date());
    await receiver.waitFor(1);
    const crashed = worker.thread;
    await crashed?.terminate();
    const outcome = await held;
    expect(outcome.status).toBeNull();
    expect(outcome.detail).toMatch(/delivery worker stopped/);
    expect(lost).toHaveLength(1);

    receiver.behave({ status: 200 });
    const again = await worker.post(`${receiver.url}/again`, testEvent(3), [secret], new Date());
    expect(again.status).toBe(200);
    expect(worker.thread).toBeDefined();
    expect(worker.thread?.threadId).not.toBe(crashed?.threadId);
  });

  it('terminates its thread on close, and fails what comes after', async () => {
    const thread = worker.thread;
    const exited = new Promise<number>((resolve) => thread?.once('exit', resolve));
    await worker.close();
    await exited;
    expect(worker.thread).toBeUndefined();
    expect((await worker.post(`${receiver.url}/late`, testEvent(4), [secret], new Date())).detail).toMatch(/closed/);
    expect(lost).toHaveLength(1);
  });
});
