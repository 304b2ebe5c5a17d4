import { PriceCalendarQuery, PriceCalendarResponse } from '@hotelapi/domain';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { budgetOf } from '../http/rate-limits/rate-limits.js';
import { requireChain } from '../services/availability/chain-lookup.js';
import { searchPriceCalendar } from '../services/chain-search.js';
import { WIDGET_ERRORS, widgetEndpoint } from './availability.js';
import type { V1RouteOptions } from './v1-route-options.js';

/**
 * `GET /v1/availability/calendar`, the price calendar of booking widgets' date pickers: keyless,
 * in a context of its own like the multi endpoint, with the same chain resolution, CORS, error
 * shape and per-chain-and-address rate limit.
 */
export async function priceCalendarRoute(app: FastifyInstance, { services }: V1RouteOptions): Promise<void> {
  await widgetEndpoint(app, services);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/',
    {
      schema: {
        tags: ['availability'],
        operationId: 'getPriceCalendar',
        security: [],
        summary: 'Price calendar',
        description:
          'For each arrival date from `from` to `to` (both included, at most 366 dates, `from` not before today in every one of ' +
          'the properties’ time zones; days already over at a property are not bookable there), the lowest price of a stay of `nights` nights for the party across the chain, or at ' +
          '`propertyCode`, in `currency`; whether it is bookable, the minimum stay and closed-to-arrival. Dates beyond the ' +
          'booking horizon are listed as not bookable. No API key: `chainCode` resolves the chain, CORS and rate limits are ' +
          'those of /v1/availability/multi.',
        querystring: PriceCalendarQuery,
        response: { 200: PriceCalendarResponse, ...WIDGET_ERRORS },
      },
    },
    async (request) => {
      const chain = await requireChain(services.connectors.catalog, request.query.chainCode);
      return searchPriceCalendar(services, { caller: budgetOf(request), chain, query: request.query, log: request.log });
    },
  );
}
