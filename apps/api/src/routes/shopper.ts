import { ShopperQuery, ShopperResponse } from '@hotelapi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { envelope } from '../http/envelope.js';
import { shopProperty } from '../services/shopper.js';
import { propertyRouteSchema, requestedProperty } from './property-route.js';
import type { V1RouteOptions } from './v1-route-options.js';

export async function shopperRoutes(app: FastifyInstance, { services }: V1RouteOptions): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/shopper/:code',
    {
      schema: propertyRouteSchema({
        tags: ['shopper'],
        operationId: 'shopRates',
        summary: 'Shop rates',
        description:
          'Our direct price for a stay against the OTA and CRS channels. Without rateId the cheapest rate is shopped; ' +
          'prices are converted into `currency` and rounded to its minor units.',
        querystring: ShopperQuery,
        response: { 200: ShopperResponse },
      }),
      config: { translated: true },
    },
    async (request) => {
      const answer = await shopProperty(services, await requestedProperty(services, request), request.query, request.language);
      return envelope(request, {
        data: answer.data,
        summary: answer.summary,
        metadata: { collectedAt: answer.collectedAt?.toISOString() ?? null },
      });
    },
  );
}
