import type { FastifyInstance } from 'fastify';
import { requireApiKey } from '../http/plugins/api-key-auth.js';
import { availabilityRoutes } from './availability.js';
import { dataRoutes } from './data.js';
import { eventsRoutes } from './events.js';
import { parityRoutes } from './parity.js';
import { priceCalendarRoute } from './price-calendar.js';
import { propertyRoutes } from './properties.js';
import { reviewsRoutes } from './reviews.js';
import type { V1RouteOptions } from './v1-route-options.js';
import { shopperRoutes } from './shopper.js';

/**
 * `/v1`: the envelope endpoints, each behind an API key (their own encapsulated context, so the
 * key hook never touches the keyless availability endpoints).
 */
export async function v1Routes(app: FastifyInstance, { services, keyStore, dataPush }: V1RouteOptions): Promise<void> {
  // Only our own options travel on: Fastify's (such as `prefix`) must not apply twice.
  const options: V1RouteOptions = { services, keyStore, dataPush };
  await app.register(async (keyed) => {
    keyed.addHook('onRequest', requireApiKey(keyStore));
    await keyed.register(shopperRoutes, options);
    await keyed.register(reviewsRoutes, options);
    await keyed.register(propertyRoutes, options);
    await keyed.register(parityRoutes, options);
    await keyed.register(dataRoutes, options);
    await keyed.register(eventsRoutes, options);
  });
  await app.register(availabilityRoutes, options);
  await app.register(priceCalendarRoute, { ...options, prefix: '/availability/calendar' });
}
