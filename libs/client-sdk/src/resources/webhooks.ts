import { pathSegment } from '../http/query.js';
import { retryOptions } from '../http/retry.js';
import type { Transport } from '../http/transport.js';
import type { RequestOptions } from '../options.js';
import type { ResponseMetadata, Webhook, WebhookCreateParams, WebhookDelivery, WebhookUpdateParams, WebhookWithSecret } from '../types/generated.js';
import type { EnvelopeResult, NoSummary } from '../types/results.js';

const PATH = 'v1/webhooks';
type Result<Data> = EnvelopeResult<Data, NoSummary, ResponseMetadata>;

/** `/v1/webhooks`: subscriptions to events, signed per Standard Webhooks (check deliveries with `verifyWebhook`). */
export class WebhooksResource {
  constructor(private readonly transport: Transport) {}

  /**
   * Subscribes a URL (HTTPS, public) to event types; the answer's `secret` is shown only here: keep it.
   *
   * @example
   * const { data } = await client.webhooks.create({ url: 'https://example.com/hooks', types: ['parity.breach'], properties: ['ACME001'], tolerance: 2 });
   */
  create(params: WebhookCreateParams, options?: RequestOptions): Promise<Result<WebhookWithSecret>> {
    return this.#send('POST', PATH, params, options);
  }

  /** The key's subscriptions. */
  list(options?: RequestOptions): Promise<Result<Webhook[]>> {
    return this.transport.getEnvelope(PATH, new URLSearchParams(), options);
  }

  get(id: string, options?: RequestOptions): Promise<Result<Webhook>> {
    return this.transport.getEnvelope(`${PATH}/${pathSegment(id)}`, new URLSearchParams(), options);
  }

  /** Changes the fields given; `enabled: false` pauses, `enabled: true` resumes. */
  update(id: string, params: WebhookUpdateParams, options?: RequestOptions): Promise<Result<Webhook>> {
    return this.#send('PATCH', `${PATH}/${pathSegment(id)}`, params, options);
  }

  async delete(id: string, options?: RequestOptions): Promise<void> {
    await this.transport.sendJson('DELETE', `${PATH}/${pathSegment(id)}`, undefined, options, retryOptions(this.transport.retriesFor(options ?? {})));
  }

  /** Queues a `webhook.test` event for the subscription. */
  test(id: string, options?: RequestOptions): Promise<Result<{ eventId: string }>> {
    return this.#send('POST', `${PATH}/${pathSegment(id)}/test`, undefined, options);
  }

  /** Recent delivery attempts, newest first (`dead`: a dead letter to retry). */
  deliveries(id: string, { limit, ...options }: RequestOptions & { limit?: number } = {}): Promise<Result<WebhookDelivery[]>> {
    const query = new URLSearchParams(limit === undefined ? {} : { limit: String(limit) });
    return this.transport.getEnvelope(`${PATH}/${pathSegment(id)}/deliveries`, query, options);
  }

  /** Sends an event again (same `webhook-id`, fresh retry schedule). */
  retry(id: string, eventId: string, options?: RequestOptions): Promise<Result<{ eventId: string }>> {
    return this.#send('POST', `${PATH}/${pathSegment(id)}/deliveries/${pathSegment(eventId)}/retry`, undefined, options);
  }

  /** A new secret (shown only here); the old one keeps signing for 24 hours. */
  rotateSecret(id: string, options?: RequestOptions): Promise<Result<WebhookWithSecret>> {
    return this.#send('POST', `${PATH}/${pathSegment(id)}/rotate-secret`, undefined, options);
  }

  async #send<Data>(method: 'POST' | 'PATCH', path: string, body: object | undefined, options?: RequestOptions): Promise<Result<Data>> {
    const answer = await this.transport.sendJson(method, path, body, options);
    return this.transport.envelopeOf<Data, NoSummary, ResponseMetadata>(method, path, answer);
  }
}
