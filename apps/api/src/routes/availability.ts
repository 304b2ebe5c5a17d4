import cors, { type FastifyCorsOptions } from '@fastify/cors';
import { AvailabilityError, AvailabilityMultiQuery, AvailabilityMultiResponse } from '@hotelapi/domain';
import { negotiateLanguage } from '@hotelapi/i18n';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiFailure } from '../failures/api-failure.js';
import { handleErrorsWith } from '../http/plugins/error-envelope.js';
import { budgetOf } from '../http/rate-limits/rate-limits.js';
import { searchChainAvailability } from '../services/chain-search.js';
import { chainAnswerJson } from './chain-answer-json.js';
import { destinationAsked, shownAnswer } from './chain-answer-shown.js';
import { requireChain, widgetOriginsFrom, type WidgetOrigins } from '../services/availability/chain-lookup.js';
import type { ApiServices } from '../services/context.js';
import { errorResponses } from './error-responses.js';
import type { V1RouteOptions } from './v1-route-options.js';

/** How long a browser may reuse a preflight answer, in seconds: origins change with deployments, not by the minute. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Response headers a widget's script may read beyond the CORS-safelisted ones: the request id to
 * quote to support, the rate-limit figures to back off by, and whether the answer is partial or stale.
 */
const EXPOSED_HEADERS = [
  'X-Request-Id',
  'Retry-After',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'X-Partial-Result',
  'X-Data-Stale',
];

/**
 * `GET /v1/availability/multi`, the keyless endpoint booking widgets call from browsers. It lives
 * in a context of its own, scoped to its own path: @fastify/cors answers preflights through an
 * `OPTIONS <prefix>*` route, and this keeps that route, the chain's CORS hook and the
 * `{ timestamp, message }` error shape off every other `/v1` route.
 */
export async function availabilityRoutes(app: FastifyInstance, options: V1RouteOptions): Promise<void> {
  await app.register(multiAvailabilityRoute, { ...options, prefix: '/availability/multi' });
}

/**
 * What makes a context one of the keyless widget endpoints' (this one and the price calendar):
 * the contract's error bodies, and CORS for the origins of the chain a request names.
 */
export async function widgetEndpoint(app: FastifyInstance, services: ApiServices): Promise<void> {
  handleErrorsWith(app, (_request, _reply, error) => availabilityErrorBody(error, services.now()));
  await app.register(cors, { delegator: widgetCors(widgetOriginsFrom(services.connectors.catalog, services.sandboxWidgetOrigins)) });
}

/** The error answers every widget endpoint documents (each reads the chain's data, which may fail). */
export const WIDGET_ERRORS = {
  ...errorResponses([400, 429, 502, 503, 504], AvailabilityError),
  401: z.null().describe('The chain code cannot be resolved. The body is empty.'),
};

async function multiAvailabilityRoute(app: FastifyInstance, { services }: V1RouteOptions): Promise<void> {
  await widgetEndpoint(app, services);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/',
    {
      schema: {
        tags: ['availability'],
        operationId: 'getChainAvailability',
        security: [],
        summary: 'Availability across a chain',
        description:
          'The bookable properties of a chain for a stay, each with its cheapest room per rate plan, plus facet counts ' +
          '(each computed with every other active filter applied). No API key: `chainCode` resolves the chain, and browsers ' +
          "may call it from the chain's configured widget origins (CORS). Prices are converted into `currency` and rounded " +
          'to its minor units. Default sort PRICE ASC; POPULARITY (review count) defaults to DESC; DISTANCE is measured from ' +
          "the centre of the chain's properties in `destination`, else from the chain's centre. `lang` wins over Accept-Language. " +
          'Properties whose data source fails or runs out of time are left out and named in `unavailableProperties` ' +
          '(with the header `X-Partial-Result: true`); when none answered, the answer is a 503 with Retry-After.',
        querystring: AvailabilityMultiQuery,
        response: {
          200: AvailabilityMultiResponse,
          ...WIDGET_ERRORS,
        },
      },
      config: { translated: true },
    },
    async (request, reply) => {
      const { query } = request;
      request.language = negotiateLanguage(request.headers['accept-language'], query.lang);
      const chain = await requireChain(services.connectors.catalog, query.chainCode);
      // Admitted as heavy work in the service (capped per rate-limit budget, shared, gated); the
      // answer is written out in slices here, once per shared answer (see chainAnswerJson).
      const shown = shownAnswer(request.language, `${request.protocol}://${request.host}`);
      const asked = query.destination === undefined ? query : { ...query, destination: destinationAsked(query.destination) };
      const answer = shown.shown(
        await searchChainAvailability(services, { caller: budgetOf(request), chain, query: asked, language: request.language, log: request.log }),
      );
      const json = await chainAnswerJson(answer);
      const partial = answer.unavailableProperties !== undefined;
      if (partial) reply.header('x-partial-result', 'true');
      // The JSON of an AvailabilityMultiResponse, already checked against it: the typed send cannot tell.
      return reply.type('application/json; charset=utf-8').header('content-length', json.length).send(json.body() as never);
    },
  );
}

/**
 * The contract's error bodies: an unresolvable chain is a 401 with no body at all; anything else
 * is `{ timestamp, message }`, the time in UTC without an offset, and a message that names the
 * parameter at fault so a widget developer can fix the call from the message alone.
 */
function availabilityErrorBody(error: ApiFailure, now: Date): AvailabilityError | undefined {
  if (error.status === 401) return undefined;
  return { timestamp: now.toISOString().slice(0, -'Z'.length), message: namingTheParameter(error) };
}

function namingTheParameter({ param, message }: ApiFailure): string {
  if (param === undefined || message.startsWith(`${param} `) || message.startsWith(`${param}:`)) return message;
  return `${param}: ${message}`;
}

/**
 * CORS per request: exactly the origins configured for the chain the request names. A request
 * without an Origin (a server, curl) needs no catalog lookup; nor does one naming no single chain.
 * The options are dynamic, so @fastify/cors always adds `Vary: Origin`.
 */
function widgetCors(widgetOrigins: WidgetOrigins) {
  return async (request: FastifyRequest): Promise<FastifyCorsOptions> => {
    // The query is not validated yet at onRequest: it is whatever the URL held.
    const chainCode = (request.query as Record<string, unknown>).chainCode;
    if (request.headers.origin === undefined || typeof chainCode !== 'string') return { origin: false };
    const origins = await widgetOrigins(chainCode);
    return { origin: [...origins], methods: ['GET', 'HEAD'], exposedHeaders: EXPOSED_HEADERS, maxAge: PREFLIGHT_MAX_AGE_SECONDS };
  };
}
