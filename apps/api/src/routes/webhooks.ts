import { EventId, WebhookCreateBody, WebhookCreatedResponse, WebhookDeliveriesResponse, WebhookEventQueuedResponse, WebhookId, WebhookListResponse, WebhookPatchBody, WebhookResponse } from '@hotelapi/domain';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../http/envelope.js';
import { principalOf } from '../http/plugins/api-key-auth.js';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  retryDelivery,
  rotateSecret,
  sendTestEvent,
  updateWebhook,
  type WebhookContext,
} from '../services/webhooks/subscriptions.js';
import { errorResponses } from './error-responses.js';

const Params = z.object({ id: WebhookId });
const DeliveryParams = z.object({ id: WebhookId, eventId: EventId });
const DeliveriesQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20).describe('Most attempts listed, 1 to 100.') });
const security = [{ apiKey: [] }];
const tags = ['webhooks'];
const SIGNED =
  'Signed per the Standard Webhooks specification (`webhook-id`: the event id, `webhook-timestamp`, `webhook-signature`); body ' +
  '`{ type, timestamp, data }`; see docs/WEBHOOKS.md for the retry schedule and verifying.';

/** `/v1/webhooks`: a key's subscriptions to events, and their deliveries. A key sees only its own. */
export async function webhookRoutes(app: FastifyInstance, { webhooks }: { webhooks: WebhookContext }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const metadata = {};

  routes.post(
    '/webhooks',
    {
      schema: {
        tags,
        operationId: 'createWebhook',
        summary: 'Subscribe to events',
        description:
          `Events of the given types, of the properties and chains named (within the key’s grants; none named: all it may read), POSTed to an HTTPS URL that resolves to public addresses. ${SIGNED} ` +
          'The answer holds the signing `secret`, shown only here. Parity events go to a subscription only for its own `tolerance`.',
        security,
        body: WebhookCreateBody,
        response: { 201: WebhookCreatedResponse, ...errorResponses([400, 401, 403, 404, 429]) },
      },
    },
    async (request, reply) => {
      const data = await createWebhook(webhooks, principalOf(request), request.body);
      reply.code(201);
      return envelope(request, { data, summary: {}, metadata });
    },
  );

  routes.get(
    '/webhooks',
    {
      schema: {
        tags,
        operationId: 'listWebhooks',
        summary: 'List the key’s subscriptions',
        description: 'The subscriptions this API key made, oldest first (without their secrets); other keys’ are never shown.',
        security,
        response: { 200: WebhookListResponse, ...errorResponses([400, 401, 429]) },
      },
    },
    async (request) => envelope(request, { data: await listWebhooks(webhooks, principalOf(request)), summary: {}, metadata }),
  );

  routes.get(
    '/webhooks/:id',
    {
      schema: {
        tags,
        operationId: 'getWebhook',
        summary: 'One subscription',
        description: 'One of this key’s subscriptions (another key’s is a 404), with its status: `active`, `failing` or `disabled`.',
        security,
        params: Params,
        response: { 200: WebhookResponse, ...errorResponses([400, 401, 404, 429]) },
      },
    },
    async (request) => envelope(request, { data: await getWebhook(webhooks, principalOf(request), request.params.id), summary: {}, metadata }),
  );

  routes.patch(
    '/webhooks/:id',
    {
      schema: {
        tags,
        operationId: 'updateWebhook',
        summary: 'Change a subscription',
        description: 'Fields left out stay. `enabled: false` pauses it, `enabled: true` resumes a paused, gone (410) or failing one.',
        security,
        params: Params,
        body: WebhookPatchBody,
        response: { 200: WebhookResponse, ...errorResponses([400, 401, 403, 404, 429]) },
      },
    },
    async (request) => envelope(request, { data: await updateWebhook(webhooks, principalOf(request), request.params.id, request.body), summary: {}, metadata }),
  );

  routes.delete(
    '/webhooks/:id',
    {
      schema: {
        tags,
        operationId: 'deleteWebhook',
        summary: 'Delete a subscription',
        description: 'Deletes it with its secrets and delivery attempts; deliveries still queued are dropped.',
        security,
        params: Params,
        response: { 204: z.null().describe('Deleted.'), ...errorResponses([400, 401, 404, 429]) },
      },
    },
    async (request, reply) => {
      await deleteWebhook(webhooks, principalOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/webhooks/:id/test',
    {
      schema: {
        tags,
        operationId: 'testWebhook',
        summary: 'Send a test event',
        description: `Queues a \`webhook.test\` event for this subscription (never in the change feed). ${SIGNED}`,
        security,
        params: Params,
        response: { 202: WebhookEventQueuedResponse, ...errorResponses([400, 401, 404, 429]) },
      },
    },
    async (request, reply) => {
      const data = await sendTestEvent(webhooks, principalOf(request), request.params.id);
      reply.code(202);
      return envelope(request, { data, summary: {}, metadata });
    },
  );

  routes.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        operationId: 'listWebhookDeliveries',
        summary: 'Recent delivery attempts',
        description: 'Newest first: outcome, the receiver’s status, duration, the next attempt. An attempt with outcome `dead` is a dead letter: retry it.',
        security,
        params: Params,
        querystring: DeliveriesQuery,
        response: { 200: WebhookDeliveriesResponse, ...errorResponses([400, 401, 404, 429]) },
      },
    },
    async (request) => envelope(request, { data: await listDeliveries(webhooks, principalOf(request), request.params.id, request.query.limit), summary: {}, metadata }),
  );

  routes.post(
    '/webhooks/:id/deliveries/:eventId/retry',
    {
      schema: {
        tags,
        operationId: 'retryWebhookDelivery',
        summary: 'Send an event again',
        description: 'Queues an event this subscription was sent before (a dead letter, typically) again, with the same `webhook-id` and a fresh retry schedule.',
        security,
        params: DeliveryParams,
        response: { 202: WebhookEventQueuedResponse, ...errorResponses([400, 401, 404, 429]) },
      },
    },
    async (request, reply) => {
      const data = await retryDelivery(webhooks, principalOf(request), request.params.id, request.params.eventId);
      reply.code(202);
      return envelope(request, { data, summary: {}, metadata });
    },
  );

  routes.post(
    '/webhooks/:id/rotate-secret',
    {
      schema: {
        tags,
        operationId: 'rotateWebhookSecret',
        summary: 'Rotate the signing secret',
        description: 'A new secret, shown only in this answer; the old one keeps signing beside it for 24 hours (`webhook-signature` then holds both).',
        security,
        params: Params,
        response: { 200: WebhookCreatedResponse, ...errorResponses([400, 401, 404, 429]) },
      },
    },
    async (request) => envelope(request, { data: await rotateSecret(webhooks, principalOf(request), request.params.id), summary: {}, metadata }),
  );
}
