import { EventsQuery, EventsResponse } from '@hotelapi/domain';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { envelope } from '../http/envelope.js';
import { principalOf } from '../http/plugins/api-key-auth.js';
import { listEvents } from '../services/events/feed.js';
import { errorResponses } from './error-responses.js';
import type { V1RouteOptions } from './v1-route-options.js';

/** The change feed: what changed, as the webhooks tell it, for readers who poll. */
export async function eventsRoutes(app: FastifyInstance, { services }: V1RouteOptions): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/events',
    {
      schema: {
        tags: ['events'],
        operationId: 'listEvents',
        summary: 'The change feed',
        description:
          'Events the key’s grants may read, oldest first in the order they were committed (`data.sequence`), after the ' +
          'cursor `after` (a `metadata.nextCursor`): parity breaches and restorations, direct rates and availability ' +
          'changed, data loaded. The same events, with the same ids, as the webhooks deliver. Kept EVENTS_RETENTION_DAYS ' +
          '(7 by default): an older cursor is a 400, start again without it. Poll with the last `nextCursor` for what comes next.',
        security: [{ apiKey: [] }],
        querystring: EventsQuery,
        response: { 200: EventsResponse, ...errorResponses([400, 401, 403, 429]) },
      },
    },
    async (request) => {
      const page = await listEvents(services, principalOf(request), request.query);
      return envelope(request, { data: [...page.events], summary: {}, metadata: { nextCursor: page.nextCursor, hasMore: page.hasMore } });
    },
  );
}
