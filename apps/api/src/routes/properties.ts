import {
  AvailabilitySingleQuery,
  AvailabilitySingleResponse,
  LowestMonthlyRatesQuery,
  LowestMonthlyRatesResponse,
  PropertyInfoResponse,
  PropertyRoomsResponse,
} from '@hotelapi/domain';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { envelope } from '../http/envelope.js';
import { lowestMonthlyRates } from '../services/lowest-monthly-rates.js';
import { availabilityAtProperty } from '../services/property-availability.js';
import { propertyInfo } from '../services/property-info.js';
import { propertyRooms } from '../services/property-rooms.js';
import { propertyRouteSchema, requestedProperty } from './property-route.js';
import type { V1RouteOptions } from './v1-route-options.js';

/**
 * What the MCP tools serve about one property, over REST: each route is one call into the same
 * service function as its tool, so the envelope's `data` is the tool's `structuredContent.data`.
 */
export async function propertyRoutes(app: FastifyInstance, { services }: V1RouteOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const answer = <Data>(request: FastifyRequest, data: Data) => envelope(request, { data, summary: {}, metadata: {} });

  routes.get(
    '/properties/:code',
    {
      schema: propertyRouteSchema({
        tags: ['properties'],
        operationId: 'getProperty',
        summary: 'Property information',
        description: 'Name, booking URL, description, chain, destination, location, time zone, currency, rating and web page of one property. Same data as the MCP tool get_property_info.',
        response: { 200: PropertyInfoResponse },
      }),
      config: { translated: true },
    },
    async (request) => answer(request, propertyInfo(await requestedProperty(services, request), request.language)),
  );

  routes.get(
    '/properties/:code/rooms',
    {
      schema: propertyRouteSchema({
        tags: ['properties'],
        operationId: 'listPropertyRooms',
        summary: 'Property rooms',
        description: 'Every room type of the property, sold or not, with translated names. Same data as the MCP tool get_property_rooms.',
        response: { 200: PropertyRoomsResponse },
      }),
      config: { translated: true },
    },
    async (request) => answer(request, propertyRooms(await requestedProperty(services, request), request.language)),
  );

  routes.get(
    '/properties/:code/lowest-monthly-rates',
    {
      schema: propertyRouteSchema({
        tags: ['properties'],
        operationId: 'getLowestMonthlyRates',
        summary: 'Lowest monthly rates',
        description:
          'The cheapest nightly rate of each of the coming twelve months (from the current month in the property’s time zone), ' +
          'the night it falls on and the minimum stay for arriving then. A month with no bookable night is left out. ' +
          'Same data as the MCP tool get_property_lowest_monthly_rates, which answers in the property’s currency.',
        querystring: LowestMonthlyRatesQuery,
        response: { 200: LowestMonthlyRatesResponse },
      }),
    },
    async (request) => answer(request, await lowestMonthlyRates(services, await requestedProperty(services, request), request.query.currency)),
  );

  routes.get(
    '/availability/:code',
    {
      schema: propertyRouteSchema({
        tags: ['availability'],
        operationId: 'getPropertyAvailability',
        summary: 'Single-property availability',
        description:
          'Every room and rate of one property for a stay, bookable (AVL) first then cheapest, with status, board, rooms left, ' +
          'minimum stay, a booking URL and prices for the whole stay in `currency`. Same data as the MCP tool ' +
          'get_property_availability_single.',
        querystring: AvailabilitySingleQuery,
        response: { 200: AvailabilitySingleResponse },
      }),
      config: { translated: true },
    },
    async (request) => answer(request, await availabilityAtProperty(services, await requestedProperty(services, request), request.query, request.language)),
  );
}
