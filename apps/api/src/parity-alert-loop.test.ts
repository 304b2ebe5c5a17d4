/**
 * The whole loop, as a revenue manager meets it: a subscription asks for parity alerts within its
 * tolerance; a push of channel prices undercuts the direct price; the breach reaches the receiver
 * signed, with the id the change feed shows, at that subscription's tolerance only. The same over
 * the sandbox (in memory) and PostgreSQL (the outbox and pg-boss).
 */
import { createSandboxConnectors } from '@hotelapi/connectors';
import { describeWithDatabase } from '@hotelapi/connectors/testing';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AUTH, startApi, TEST_NOW, type RunningApi } from './test-support/start-api.js';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from './test-support/webhook-receiver.js';
import { startAcmeOverPostgres, type AcmeOverPostgres } from './test-support/acme-over-postgres.js';

const JSON_HEADERS = { ...SANDBOX_AUTH, 'content-type': 'application/json' };
const NDJSON = { ...SANDBOX_AUTH, 'content-type': 'application/x-ndjson' };
const WEBHOOK_ENV = { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_S: '1', WEBHOOK_RETRIES: '1' };
/** TEST_NOW is 2026-11-21: the first arrival from FROM that ACME001 sells direct is watched. */
const FROM = '2026-12-12';
const TO = '2026-12-22';

/** The one delivery a check waited for. */
function only(received: readonly ReceivedWebhook[]): ReceivedWebhook {
  const [first] = received;
  if (!first) throw new Error('no delivery arrived');
  return first;
}

function loopSuite(start: (receiver: WebhookReceiver) => Promise<RunningApi>) {
  let receiver: WebhookReceiver;
  let api: RunningApi;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    api = await start(receiver);
  }, 300_000);
  afterAll(async () => {
    await api?.close();
    await receiver?.close();
  });

  const subscribe = async (path: string, tolerance: number) => {
    const response = await api.request('POST', '/v1/webhooks', {
      headers: JSON_HEADERS,
      body: JSON.stringify({ url: `${receiver.url}${path}`, types: ['parity.breach', 'parity.restored'], properties: ['ACME001'], tolerance }),
    });
    expect(response.status, response.text).toBe(201);
    return response.body.data as { id: string; secret: string };
  };
  const pushCollection = async (arrival: string, collectedAt: string, roomId: string, rateId: string, price: number) => {
    const record = { type: 'channelShop', property: 'ACME001', arrival, nights: 1, adults: 2, children: 0, collectedAt, prices: [{ room: roomId, ratePlan: rateId, channel: 'OTA_01', price }] };
    const response = await api.request('POST', '/v1/data', { headers: NDJSON, body: `${JSON.stringify(record)}\n` });
    expect(response.status, response.text).toBe(200);
  };
  /** OTA_01's breaches at `path` (the stay's other channels may be judged too, as they stand). */
  const at = (path: string) => (request: ReceivedWebhook) => {
    const event = JSON.parse(request.body);
    return request.path === path && event.type === 'parity.breach' && event.data.channel === 'OTA_01';
  };

  it('sends a breach to the subscriptions whose tolerance it exceeds, signed, with the feed’s id', async () => {
    const strict = await subscribe('/strict', 1);
    const lenient = await subscribe('/lenient', 10);
    const parity = await api.get(`/v1/parity/ACME001?from=${FROM}&to=${TO}&channel=OTA_01`, SANDBOX_AUTH);
    const dates = parity.body.data.dates as { date: string; direct: number; roomId: string | null; rateId: string }[];
    const sold = dates.find((date) => date.roomId !== null);
    if (!sold?.roomId) throw new Error(`ACME001 sells nothing direct from ${FROM} to ${TO}`);
    const { date: arrival, direct, roomId, rateId } = sold;

    // 5 % under the direct price: a breach at 1 %, within 10 %.
    await pushCollection(arrival, '2026-11-21T09:59:00Z', roomId, rateId, Math.round(direct * 0.95 * 100) / 100);
    const toStrict = only(await receiver.waitFor(1, at('/strict')));
    const event = JSON.parse(toStrict.body);
    expect(event.data).toMatchObject({ property: 'ACME001', arrival, channel: 'OTA_01', tolerance: 1, status: 'LOSE', direct });
    expect(new Webhook(strict.secret).verify(toStrict.body, toStrict.headers)).toMatchObject({ type: 'parity.breach' });
    const feed = await api.get(`/v1/events?types=parity.breach&property=ACME001&limit=100`, SANDBOX_AUTH);
    expect(feed.body.data.map((logged: { id: string }) => logged.id)).toContain(toStrict.headers['webhook-id']);

    // 20 % under: now a breach at 10 % too; the strict subscription was breached already.
    await pushCollection(arrival, '2026-11-21T09:59:30Z', roomId, rateId, Math.round(direct * 0.8 * 100) / 100);
    const toLenient = only(await receiver.waitFor(1, at('/lenient')));
    expect(JSON.parse(toLenient.body).data).toMatchObject({ tolerance: 10, status: 'LOSE' });
    expect(new Webhook(lenient.secret).verify(toLenient.body, toLenient.headers)).toMatchObject({ type: 'parity.breach' });
    await api.app.eventWork.parity.settle();
    expect(receiver.received.filter(at('/strict'))).toHaveLength(1);
    expect(receiver.received.filter(at('/lenient'))).toHaveLength(1);
  });
}

describe('parity alerts from a push to a signed webhook, in the sandbox', () => {
  loopSuite((receiver) => startApi({ connectors: createSandboxConnectors({ now: () => TEST_NOW }), webhookCa: receiver.ca, env: WEBHOOK_ENV }));
});

describeWithDatabase('parity alerts from a push to a signed webhook, over PostgreSQL', (serverUrl) => {
  let acme: AcmeOverPostgres | undefined;

  loopSuite(async (receiver) => {
    acme = await startAcmeOverPostgres(serverUrl, 'hotel_alert_loop', { env: WEBHOOK_ENV, webhookCa: receiver.ca });
    return acme.api;
  });

  afterAll(() => acme?.cleanUp());
});
