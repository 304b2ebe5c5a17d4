import { canReadProperty, readsEverything, type ApiKeyPrincipal } from '@hotelapi/auth';
import { ParityQuery, PriceCalendarQuery, PropertyCode, ReviewsQuery } from '@hotelapi/domain';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope } from '../http/envelope.js';
import { searchPriceCalendar } from '../services/chain-search.js';
import type { ApiServices } from '../services/context.js';
import { lowestMonthlyRates } from '../services/lowest-monthly-rates.js';
import { parityView } from '../services/parity.js';
import { readableProperty } from '../services/property-access.js';
import { listEvents } from '../services/events/feed.js';
import { reviewsOfProperty } from '../services/reviews.js';
import { signedInPrincipal } from './dashboard-session.js';

const PropertyParams = z.object({ code: PropertyCode });
/** The reviews view: the latest hundred, with the per-source and per-trip-type figures. */
const LATEST_REVIEWS = ReviewsQuery.parse({ verbose: 'true', limit: '100', sort: 'dateReviewed' });
const hidden = { hide: true } as const;
const AlertsQuery = z.object({ after: z.string().max(64).optional() });
const ALERT_TYPES = ['parity.breach', 'parity.restored'] as const;
/** The alerts view shows this many of the latest; older pages are read through and dropped. */
const ALERTS_SHOWN = 50;
const ALERT_PAGES_READ = 20;

/**
 * The page's same-origin JSON, one route per view, each calling the services the REST routes
 * call (never the REST API itself), for a property the session may read: 403 otherwise, before
 * any data source is asked. Bad input is the same 400 the REST API gives.
 */
export async function dashboardDataRoutes(app: FastifyInstance, services: ApiServices): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const property = (request: FastifyRequest<{ Params: { code: string } }>) => readableProperty(services, signedInPrincipal(request), request.params.code);

  routes.get('/dashboard/api/properties', { schema: hidden }, async (request) => {
    const principal = signedInPrincipal(request);
    return envelope(request, { data: readableProperties(services, principal), summary: {}, metadata: {} });
  });

  routes.get('/dashboard/api/properties/:code/parity', { schema: { ...hidden, params: PropertyParams, querystring: ParityQuery } }, async (request) => {
    const { data, summary } = await parityView(services, await property(request), request.query);
    return envelope(request, { data, summary, metadata: {} });
  });

  routes.get('/dashboard/api/properties/:code/prices', { schema: { ...hidden, params: PropertyParams, querystring: PriceCalendarQuery } }, async (request) => {
    const readable = await property(request);
    const chain = await services.connectors.catalog.getChain(readable.chainCode);
    const query = { ...request.query, chainCode: readable.chainCode, propertyCode: readable.code };
    const caller = `dashboard:${signedInPrincipal(request).keyId}`;
    const [calendar, monthly] = await Promise.all([
      chain ? searchPriceCalendar(services, { caller, chain, query, log: request.log }) : null,
      lowestMonthlyRates(services, readable, request.query.currency),
    ]);
    return envelope(request, { data: { calendar, monthly }, summary: {}, metadata: {} });
  });

  routes.get('/dashboard/api/properties/:code/reviews', { schema: { ...hidden, params: PropertyParams } }, async (request) => {
    const answer = await reviewsOfProperty(services, await property(request), LATEST_REVIEWS, request.language);
    return envelope(request, { data: answer.data, summary: answer.summary, metadata: { ...answer.page } });
  });

  // Polled by the open page: from `after` (the last poll's cursor), else the latest few kept.
  routes.get('/dashboard/api/properties/:code/alerts', { schema: { ...hidden, params: PropertyParams, querystring: AlertsQuery } }, async (request) => {
    const principal = signedInPrincipal(request);
    const readable = await property(request);
    const events = [];
    let after = request.query.after;
    for (let page = 0; page < ALERT_PAGES_READ; page += 1) {
      const found = await listEvents(services, principal, { ...(after === undefined ? {} : { after }), types: ALERT_TYPES, property: readable.code, limit: ALERTS_SHOWN });
      events.push(...found.events);
      after = found.nextCursor;
      if (!found.hasMore) break;
    }
    return envelope(request, { data: events.slice(-ALERTS_SHOWN).reverse(), summary: {}, metadata: { nextCursor: after } });
  });
}

/** The properties the session may read, chain by chain, as the directory lists them. */
function readableProperties(services: ApiServices, principal: ApiKeyPrincipal): { code: string; chainCode: string }[] {
  const { directory } = services;
  const codes = readsEverything(principal) ? directory.propertyCodes : directory.propertyCodes.filter((code) => canReadProperty(principal, code, directory.chainOf));
  return codes.map((code) => ({ code, chainCode: directory.chainOf(code) ?? '' }));
}
