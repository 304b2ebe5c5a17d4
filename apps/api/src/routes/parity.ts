import { ParityHistoryQuery, ParityHistoryResponse, ParityQuery, ParityResponse } from '@hotelapi/domain';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { envelope } from '../http/envelope.js';
import { parityHistory, parityView } from '../services/parity.js';
import { propertyRouteSchema, requestedProperty } from './property-route.js';
import type { V1RouteOptions } from './v1-route-options.js';

/** The parity view for revenue managers, and how one stay's parity moved over the collections. */
export async function parityRoutes(app: FastifyInstance, { services }: V1RouteOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/parity/:code',
    {
      schema: propertyRouteSchema({
        tags: ['shopper'],
        operationId: 'getParity',
        summary: 'Rate parity per arrival date',
        description:
          'For each arrival date from `from` to `to` (at most 90), our lowest direct price of a stay of `nights` nights and each ' +
          'channel’s price of the same room and rate, judged with tolerance t percent of the direct price d: WIN when the ' +
          'channel price p > d × (1 + t/100), LOSE when p < d × (1 − t/100), else MEET. `summary.channels` gives each ' +
          'channel’s shares of dates won, met and lost and its largest undercut. Same data as the MCP tool get_property_parity.',
        querystring: ParityQuery,
        response: { 200: ParityResponse },
      }),
    },
    async (request) => {
      const { data, summary } = await parityView(services, await requestedProperty(services, request), request.query);
      return envelope(request, { data, summary, metadata: {} });
    },
  );

  routes.get(
    '/parity/:code/history',
    {
      schema: propertyRouteSchema({
        tags: ['shopper'],
        operationId: 'getParityHistory',
        summary: 'Rate parity history of a stay',
        description:
          'Every collection of one stay’s prices kept (from `since` on), oldest first: the lowest direct price then, each ' +
          'channel’s price of the same room and rate, and its status within `tolerance`.',
        querystring: ParityHistoryQuery,
        response: { 200: ParityHistoryResponse },
      }),
    },
    async (request) => {
      const data = await parityHistory(services, await requestedProperty(services, request), request.query);
      return envelope(request, { data, summary: {}, metadata: {} });
    },
  );
}
