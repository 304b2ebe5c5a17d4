/**
 * `/v1/webhooks`: subscriptions to events (events.ts), signed per the Standard Webhooks
 * specification and delivered at least once. A key sees and manages only its own subscriptions.
 */

import { z } from 'zod';
import { Instant } from './common.js';
import { envelope, ResponseMetadata } from './envelope.js';
import { EventId, EventType } from './events.js';
import { TolerancePercent } from './parity.js';
import { ChainCode, PropertyCode } from './property.js';

/** Longest webhook URL taken. */
export const WEBHOOK_URL_MAX = 2_048;

export const WebhookId = z
  .string()
  .regex(/^wh_[A-Za-z0-9]{10,40}$/, 'a webhook id: "wh_" and 10 to 40 letters or digits')
  .describe('The subscription’s id.');
export type WebhookId = z.infer<typeof WebhookId>;

/** Checked further by the service (HTTPS, a public address): a 400 `webhook_url_invalid` or `webhook_url_private`. */
const WebhookUrl = z
  .string()
  .max(WEBHOOK_URL_MAX, `must be at most ${WEBHOOK_URL_MAX} characters`)
  .describe('Where events are POSTed: an HTTPS URL that resolves to public addresses only.');

const SubscribedTypes = z
  .array(EventType)
  .min(1, 'must name at least one event type')
  .max(6)
  .describe('The event types to receive.');
const Properties = z.array(PropertyCode).max(500).describe('Only events of these properties (within the key’s grants); absent or empty with no chains, every readable property.');
const Chains = z.array(ChainCode).max(100).describe('Only events of these chains (within the key’s grants).');
const Tolerance = TolerancePercent.describe('Parity events of this tolerance (percent of the direct price, 0 to 100).');

export const WebhookCreateBody = z
  .strictObject({ url: WebhookUrl, types: SubscribedTypes, properties: Properties.optional(), chains: Chains.optional(), tolerance: Tolerance.default(1) })
  .meta({ id: 'WebhookCreateBody', description: 'A new subscription.' });
export type WebhookCreateBody = z.infer<typeof WebhookCreateBody>;

export const WebhookPatchBody = z
  .strictObject({
    url: WebhookUrl.optional(),
    types: SubscribedTypes.optional(),
    properties: Properties.optional(),
    chains: Chains.optional(),
    tolerance: Tolerance.optional(),
    enabled: z.boolean().optional().describe('false pauses deliveries (status `disabled`); true resumes them (status `active`).'),
  })
  .meta({ id: 'WebhookPatchBody', description: 'What to change of a subscription; fields left out stay.' });
export type WebhookPatchBody = z.infer<typeof WebhookPatchBody>;

export const WebhookStatus = z
  .enum(['active', 'failing', 'disabled'])
  .meta({ id: 'WebhookStatus', description: '`failing`: an event went to the dead letters (deliveries go on); `disabled`: the receiver answered 410, the subscription was paused, or its API key was revoked or expired (nothing is delivered).' });
export type WebhookStatus = z.infer<typeof WebhookStatus>;

export const Webhook = z
  .object({
    id: WebhookId,
    url: z.string(),
    types: z.array(EventType),
    properties: z.array(PropertyCode),
    chains: z.array(ChainCode),
    tolerance: TolerancePercent,
    status: WebhookStatus,
    durable: z.boolean().describe('True when subscriptions and pending deliveries survive a restart (PostgreSQL); false in the embedded sandbox (memory).'),
    createdAt: Instant,
  })
  .meta({ id: 'Webhook', description: 'A subscription to events.' });
export type Webhook = z.infer<typeof Webhook>;

export const WebhookWithSecret = Webhook.extend({
  secret: z.string().describe('The signing secret (`whsec_…`), shown once: keep it to verify `webhook-signature`.'),
}).meta({ id: 'WebhookWithSecret', description: 'A subscription with its new signing secret, shown only in this answer.' });
export type WebhookWithSecret = z.infer<typeof WebhookWithSecret>;

export const DeliveryOutcome = z
  .enum(['pending', 'delivered', 'failed', 'dead', 'gone'])
  .meta({ id: 'DeliveryOutcome', description: '`failed`: will be retried; `dead`: retries exhausted (retry it through the API); `gone`: the receiver answered 410.' });
export type DeliveryOutcome = z.infer<typeof DeliveryOutcome>;

export const WebhookDelivery = z
  .object({
    eventId: EventId,
    type: EventType,
    attempt: z.int().min(1).describe('1 for the first attempt.'),
    outcome: DeliveryOutcome,
    responseStatus: z.int().nullable().describe('The receiver’s HTTP status; null when none came (timeout, refused, TLS).'),
    error: z.string().nullable().describe('Why the attempt failed without a status, or the first kilobyte of the body of a refusal.'),
    durationMs: z.int().nonnegative(),
    attemptedAt: Instant,
    nextAttemptAt: Instant.nullable().describe('When it is tried again; null when it will not be.'),
  })
  .meta({ id: 'WebhookDelivery', description: 'One attempt at delivering an event.' });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

const WebhookMetadata = ResponseMetadata;

export const WebhookResponse = envelope({ data: Webhook, metadata: WebhookMetadata }).meta({ id: 'WebhookResponse', description: 'A subscription.' });
export const WebhookCreatedResponse = envelope({ data: WebhookWithSecret, metadata: WebhookMetadata }).meta({
  id: 'WebhookCreatedResponse',
  description: 'A subscription with its signing secret, shown only here (and after a rotation).',
});
export const WebhookListResponse = envelope({ data: z.array(Webhook), metadata: WebhookMetadata }).meta({ id: 'WebhookListResponse', description: 'The key’s subscriptions.' });
export const WebhookDeliveriesResponse = envelope({ data: z.array(WebhookDelivery), metadata: WebhookMetadata }).meta({
  id: 'WebhookDeliveriesResponse',
  description: 'Recent delivery attempts of a subscription, newest first.',
});
export const WebhookEventQueuedResponse = envelope({ data: z.object({ eventId: EventId }), metadata: WebhookMetadata }).meta({
  id: 'WebhookEventQueuedResponse',
  description: 'An event queued for delivery (202).',
});
/** What a create request may hold (the tolerance may be left out). */
export type WebhookCreateInput = z.input<typeof WebhookCreateBody>;
