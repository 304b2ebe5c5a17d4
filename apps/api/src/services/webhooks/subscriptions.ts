import { randomBytes } from 'node:crypto';
import { canReadChain, canReadProperty, readsEverything, type ApiKeyPrincipal } from '@hotelapi/auth';
import type { WebhookChanges, WebhookSubscription } from '@hotelapi/connectors';
import type { HotelEvent, Webhook, WebhookCreateBody, WebhookDelivery, WebhookPatchBody, WebhookWithSecret } from '@hotelapi/domain';
import { ApiFailure } from '../../failures/api-failure.js';
import type { ApiServices } from '../context.js';
import { newSigningSecret } from './signing.js';
import { checkWebhookUrl, type UrlGuard } from './url-guard.js';
import type { WebhookEngine } from './webhook-engine.js';

/** How long a rotated secret keeps signing beside the new one. */
export const ROTATED_SECRET_SIGNS_MS = 24 * 60 * 60 * 1_000;
/** Most subscriptions one key may hold. */
export const WEBHOOKS_PER_KEY = 100;

/** What the webhook routes need: the services, the engine, and the URL rules. */
export interface WebhookContext {
  readonly services: Pick<ApiServices, 'connectors' | 'directory' | 'now'>;
  readonly engine: WebhookEngine;
  readonly urlGuard: UrlGuard;
}

export async function createWebhook(context: WebhookContext, principal: ApiKeyPrincipal, body: WebhookCreateBody): Promise<WebhookWithSecret> {
  const { engine } = context;
  const url = await checkWebhookUrl(body.url, context.urlGuard);
  checkPlaces(context, principal, body);
  if ((await engine.store.list(principal.keyId)).length >= WEBHOOKS_PER_KEY) {
    throw new ApiFailure('body_invalid', `An API key may hold at most ${WEBHOOKS_PER_KEY} webhook subscriptions; delete one first.`, { param: 'url' });
  }
  const secret = newSigningSecret();
  const created = await engine.store.create(
    {
      id: `wh_${randomBytes(12).toString('hex')}`,
      ownerKeyId: principal.keyId,
      url: url.href,
      types: [...new Set(body.types)],
      properties: [...new Set(body.properties ?? [])],
      chains: [...new Set(body.chains ?? [])],
      tolerance: body.tolerance,
      afterSequence: await context.services.connectors.events.newest(),
    },
    secret,
  );
  return { ...answerOf(context, created), secret };
}

export async function listWebhooks(context: WebhookContext, principal: ApiKeyPrincipal): Promise<Webhook[]> {
  return (await context.engine.store.list(principal.keyId)).map((subscription) => answerOf(context, subscription));
}

export async function getWebhook(context: WebhookContext, principal: ApiKeyPrincipal, id: string): Promise<Webhook> {
  return answerOf(context, await owned(context, principal, id));
}

export async function updateWebhook(context: WebhookContext, principal: ApiKeyPrincipal, id: string, patch: WebhookPatchBody): Promise<Webhook> {
  const current = await owned(context, principal, id);
  const url = patch.url === undefined ? undefined : (await checkWebhookUrl(patch.url, context.urlGuard)).href;
  checkPlaces(context, principal, patch);
  const changes: WebhookChanges = {
    ...(url !== undefined && { url }),
    ...(patch.types && { types: [...new Set(patch.types)] }),
    ...(patch.properties && { properties: [...new Set(patch.properties)] }),
    ...(patch.chains && { chains: [...new Set(patch.chains)] }),
    ...(patch.tolerance !== undefined && { tolerance: patch.tolerance }),
    ...(patch.enabled !== undefined && { status: patch.enabled ? 'active' : 'disabled' }),
  };
  const updated = await context.engine.store.update(current.id, principal.keyId, changes);
  if (!updated) throw notFound(id);
  return answerOf(context, updated);
}

export async function deleteWebhook(context: WebhookContext, principal: ApiKeyPrincipal, id: string): Promise<void> {
  if (!(await context.engine.store.remove(id, principal.keyId))) throw notFound(id);
}

export async function rotateSecret(context: WebhookContext, principal: ApiKeyPrincipal, id: string): Promise<WebhookWithSecret> {
  const current = await owned(context, principal, id);
  const secret = newSigningSecret();
  if (!(await context.engine.store.rotateSecret(id, principal.keyId, secret, new Date(Date.now() + ROTATED_SECRET_SIGNS_MS)))) throw notFound(id);
  return { ...answerOf(context, current), secret };
}

/** Queues a `webhook.test` event for the subscription (never in the log or the feed). */
export async function sendTestEvent(context: WebhookContext, principal: ApiKeyPrincipal, id: string): Promise<{ eventId: string }> {
  const subscription = await owned(context, principal, id);
  const event: HotelEvent = {
    id: `evt_${randomBytes(12).toString('hex')}`,
    type: 'webhook.test',
    timestamp: new Date().toISOString(),
    data: { webhookId: subscription.id, message: 'A test event, sent by POST /v1/webhooks/{id}/test.' },
  };
  await context.engine.queue.enqueue([{ subscriptionId: subscription.id, event }]);
  return { eventId: event.id };
}

export async function listDeliveries(context: WebhookContext, principal: ApiKeyPrincipal, id: string, limit: number): Promise<WebhookDelivery[]> {
  const subscription = await owned(context, principal, id);
  return (await context.engine.store.attempts(subscription.id, limit)).map((attempt) => ({
    eventId: attempt.eventId,
    type: attempt.type,
    attempt: attempt.attempt,
    outcome: attempt.outcome,
    responseStatus: attempt.responseStatus,
    error: attempt.error,
    durationMs: attempt.durationMs,
    attemptedAt: attempt.attemptedAt.toISOString(),
    nextAttemptAt: attempt.nextAttemptAt?.toISOString() ?? null,
  }));
}

/** Sends an event this subscription was sent before (a dead letter, typically) again, with a fresh schedule and the same id. */
export async function retryDelivery(context: WebhookContext, principal: ApiKeyPrincipal, id: string, eventId: string): Promise<{ eventId: string }> {
  const subscription = await owned(context, principal, id);
  const last = await context.engine.store.lastAttempt(subscription.id, eventId);
  if (!last) throw new ApiFailure('webhook_delivery_not_found', `Subscription ${id} has no delivery of event ${eventId}.`, { param: 'eventId' });
  await context.engine.queue.enqueue([{ subscriptionId: subscription.id, event: last.event }]);
  return { eventId };
}

async function owned(context: WebhookContext, principal: ApiKeyPrincipal, id: string): Promise<WebhookSubscription> {
  // Another key's subscription is answered like one that does not exist.
  const found = await context.engine.store.get(id, principal.keyId);
  if (!found) throw notFound(id);
  return found;
}

function notFound(id: string): ApiFailure {
  return new ApiFailure('webhook_not_found', `This API key has no webhook subscription ${id}.`, { param: 'id' });
}

/** Every property and chain named must be within the key's grants (403), and known (404, to a key that reads everything). */
function checkPlaces(context: WebhookContext, principal: ApiKeyPrincipal, body: { properties?: readonly string[]; chains?: readonly string[] }): void {
  const { directory } = context.services;
  for (const [index, code] of (body.properties ?? []).entries()) {
    const param = `properties.${index}`;
    if (!canReadProperty(principal, code, directory.chainOf)) throw new ApiFailure('property_forbidden', `This API key may not read property ${code}.`, { param });
    if (directory.chainOf(code) === undefined) {
      if (!readsEverything(principal)) throw new ApiFailure('property_forbidden', `This API key may not read property ${code}.`, { param });
      throw new ApiFailure('property_not_found', `There is no property ${code}.`, { param });
    }
  }
  for (const [index, code] of (body.chains ?? []).entries()) {
    if (!canReadChain(principal, code)) throw new ApiFailure('chain_forbidden', `This API key may not read chain ${code}.`, { param: `chains.${index}` });
  }
}

function answerOf(context: WebhookContext, subscription: WebhookSubscription): Webhook {
  return {
    id: subscription.id,
    url: subscription.url,
    types: [...subscription.types],
    properties: [...subscription.properties],
    chains: [...subscription.chains],
    tolerance: subscription.tolerance,
    status: subscription.status,
    durable: context.engine.store.durable && context.engine.queue.durable,
    createdAt: subscription.createdAt.toISOString(),
  };
}
