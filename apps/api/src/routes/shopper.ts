import { ErrorEnvelope, PropertyCode, ShopperQuery, ShopperResponse } from '@hotelapi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { envelope } from '../http/envelope.js';
import { principalOf } from '../http/plugins/api-key-auth.js';
import { readableProperty } from '../services/property-access.js';
import { shopProperty } from '../services/shopper.js';
import type { V1RouteOptions } from './v1-route-options.js';

const errorResponses = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  429: ErrorEnvelope,
  502: ErrorEnvelope,
  503: ErrorEnvelope,
  504: ErrorEnvelope,
};

export async function shopperRoutes(app: FastifyInstance, { services }: V1RouteOptions): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/shopper/:code',
    {
      schema: {
        tags: ['shopper'],
        operationId: 'shopRates',
        summary: 'Shop rates',
        description:
          'Our direct price for a stay against the OTA and CRS channels. Without rateId the cheapest rate is shopped; ' +
          'prices are converted into `currency` and rounded to its minor units.',
        security: [{ apiKey: [] }],
        params: z.object({ code: PropertyCode }),
        querystring: ShopperQuery,
        response: { 200: ShopperResponse, ...errorResponses },
      },
      config: { translated: true },
    },
    async (request) => {
      const property = await readableProperty(services, principalOf(request), request.params.code);
      const answer = await shopProperty(services, property, request.query, request.language);
      return envelope(request, {
        data: answer.data,
        summary: answer.summary,
        metadata: { collectedAt: answer.collectedAt?.toISOString() ?? null },
      });
    },
  );
}
