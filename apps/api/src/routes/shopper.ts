import { ShopperQuery, ShopperResponse } from '@hotelapi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { KeptEnvelopes } from '../http/serialization/kept-envelopes.js';
import type { ShopperAnswer } from '../services/property-answers.js';
import { shopProperty } from '../services/shopper.js';
import { propertyRouteSchema, requestedProperty } from './property-route.js';
import type { V1RouteOptions } from './v1-route-options.js';

/** Answers are reused for a moment, and so is their JSON. */
const envelopes = new KeptEnvelopes(ShopperResponse, (answer: ShopperAnswer) => ({
  data: answer.data,
  summary: answer.summary,
  metadata: { collectedAt: answer.collectedAt?.toISOString() ?? null },
}));

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
    async (request, reply) => {
      const property = await requestedProperty(services, request);
      const answer = await shopProperty(services, property, request.query, request.language);
      return envelopes.send(request, reply, answer);
    },
  );
}
