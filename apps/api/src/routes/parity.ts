import { ErrorEnvelope, ParityHistoryQuery, ParityHistoryResponse, ParityQuery, ParityResponse, PropertyCode } from '@hotelapi/domain';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../http/envelope.js';
import { principalOf } from '../http/plugins/api-key-auth.js';
import { parityHistory, parityView } from '../services/parity.js';
import { readableProperty } from '../services/property-access.js';
import type { V1RouteOptions } from './v1-route-options.js';

const errorResponses = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 429: ErrorEnvelope };
const params = z.object({ code: PropertyCode });

/** The parity view for revenue managers, and how one stay's parity moved over the collections. */
export async function parityRoutes(app: FastifyInstance, { services }: V1RouteOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/parity/:code',
    {
      schema: {
        tags: ['shopper'],
        operationId: 'getParity',
        summary: 'Rate parity per arrival date',
        description:
          'For each arrival date from `from` to `to` (at most 90), our lowest direct price of a stay of `nights` nights and each ' +
          'channel’s price of the same room and rate, judged with tolerance t percent of the direct price d: WIN when the ' +
          'channel price p > d × (1 + t/100), LOSE when p < d × (1 − t/100), else MEET. `summary.channels` gives each ' +
          'channel’s shares of dates won, met and lost and its largest undercut. Same data as the MCP tool get_property_parity.',
        security: [{ apiKey: [] }],
        params,
        querystring: ParityQuery,
        response: { 200: ParityResponse, ...errorResponses },
      },
    },
    async (request) => {
      const property = await readableProperty(services, principalOf(request), request.params.code);
      const { data, summary } = await parityView(services, property, request.query);
      return envelope(request, { data, summary, metadata: {} });
    },
  );

  routes.get(
    '/parity/:code/history',
    {
      schema: {
        tags: ['shopper'],
        operationId: 'getParityHistory',
        summary: 'Rate parity history of a stay',
        description:
          'Every collection of one stay’s prices kept (from `since` on), oldest first: the lowest direct price then, each ' +
          'channel’s price of the same room and rate, and its status within `tolerance`.',
        security: [{ apiKey: [] }],
        params,
        querystring: ParityHistoryQuery,
        response: { 200: ParityHistoryResponse, ...errorResponses },
      },
    },
    async (request) => {
      const property = await readableProperty(services, principalOf(request), request.params.code);
      return envelope(request, { data: await parityHistory(services, property, request.query), summary: {}, metadata: {} });
    },
  );
}
