import type { SwaggerOptions } from '@fastify/swagger';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from '@fastify/type-provider-zod';
import { SANDBOX_KEY } from '@hotelapi/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions, RouteOptions } from 'fastify';
import { todayInTimeZone } from '@hotelapi/domain';
import { API_VERSION } from '../envelope.js';
import { withParameterExamples } from './openapi-parameter-examples.js';
import { describeForOpenApi } from './openapi-schema-overrides.js';
import { withoutUnusedSchemas } from './openapi-unused-schemas.js';

const zodToJsonConfig = { override: describeForOpenApi };
const jsonSchemaTransform = createJsonSchemaTransform({ zodToJsonConfig });
const jsonSchemaTransformObject = createJsonSchemaTransformObject({ zodToJsonConfig });

const DESCRIPTION =
  'Rates against the online travel agencies (shopper), what guests say (reviews) and what is free across a chain ' +
  '(availability, price calendar), property information and rate parity. Every REST endpoint but the keyless ' +
  'widget ones (multi-property availability and the price calendar) takes `Authorization: Bearer <API_KEY>`. ' +
  'Errors on envelope endpoints are `{ data: null, error: { type, code, message, param?, requestId } }`.';

/** What /docs says first when the service takes the sandbox keys, so "Try it out" works at once. */
const SANDBOX_NOTE = `\n\n**This service runs with the sandbox keys.** Press *Authorize* and enter \`${SANDBOX_KEY}\` to try every operation.`;

/**
 * The OpenAPI 3.1 document is generated from the routes' zod schemas (the domain library's), so
 * it cannot drift from what the API validates and returns. Served at /openapi.json, browsable
 * at /docs.
 *
 * Its one server is `/`, relative to where the document is served: /docs's "Try it out" calls the
 * host, port and scheme the page came from, behind a proxy too.
 *
 * Both are made on first use, by an application of their own (`documentation`): the API only
 * notes each route's method, path and schema as it registers them. @fastify/swagger,
 * @fastify/swagger-ui and what they load (a YAML library, a static file server, a glob) are many
 * modules an instance would otherwise load at every start, to serve a page few instances are asked for.
 */
export async function registerOpenApi(app: FastifyInstance, { now, sandboxKeys, routerOptions }: OpenApiOptions): Promise<void> {
  const routes: DocumentedRoute[] = [];
  let documentation: Promise<FastifyInstance> | undefined;
  const documented = () =>
    (documentation ??= documentationOf(routes, { now, sandboxKeys, routerOptions }).catch((error: unknown) => {
      // Not kept: the next request tries again rather than failing for the life of the instance.
      documentation = undefined;
      throw error;
    }));
  app.get('/openapi.json', { schema: { hide: true }, config: { rateLimit: false } }, async () => (await documented()).swagger());
  const relay = relayTo(documented);
  app.get('/docs', { schema: { hide: true } }, relay);
  app.get('/docs/*', { schema: { hide: true } }, relay);
  // A hidden route (these above among them) is not in the document.
  app.addHook('onRoute', ({ method, url, schema, config }) => {
    if (schema?.hide !== true) routes.push({ method, url, ...(schema && { schema }), ...(config && { config }) });
  });
}

interface OpenApiOptions {
  /** The service's clock: the document's examples are dated from today. */
  readonly now: () => Date;
  readonly sandboxKeys: boolean;
  /** The API's own router options, so that paths are matched and written as the API matches them. */
  readonly routerOptions: FastifyServerOptions['routerOptions'];
}

/** What the document says of a route: the API keeps its handler and hooks. */
type DocumentedRoute = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>;

/**
 * An application that serves only the documentation: the API's routes with their schemas (never
 * called: their handlers stay with the API, and nothing is validated here), @fastify/swagger to
 * write the document and @fastify/swagger-ui to show it at /docs.
 */
async function documentationOf(routes: readonly DocumentedRoute[], { now, sandboxKeys, routerOptions }: OpenApiOptions): Promise<FastifyInstance> {
  const [{ default: Fastify }, { default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('fastify'),
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  const documentation = Fastify({ exposeHeadRoutes: false, ...(routerOptions && { routerOptions }) });
  documentation.setValidatorCompiler(() => () => true);
  documentation.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await documentation.register(swagger, swaggerOptions(now, sandboxKeys));
  const documentedOnly = () => {
    throw new Error('The documentation application serves no API route');
  };
  for (const route of routes) documentation.route({ ...route, handler: documentedOnly });
  await documentation.register(swaggerUi, { routePrefix: '/docs', uiConfig: { url: '/openapi.json', deepLinking: true } });
  await documentation.ready();
  return documentation;
}

function swaggerOptions(now: () => Date, sandboxKeys: boolean): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Hotel Rates, Reviews and Availability API',
        version: API_VERSION,
        license: { name: 'MIT', identifier: 'MIT' },
        contact: { name: 'Hotel API', url: 'https://github.com/hotelapi/hotel-api' },
        description: sandboxKeys ? DESCRIPTION + SANDBOX_NOTE : DESCRIPTION,
      },
      servers: [{ url: '/', description: 'This service: the origin this document is served from' }],
      components: {
        securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: sk_live_... or sk_test_...' } },
      },
      tags: [
        { name: 'shopper', description: 'Our direct price against the channels, and rate parity' },
        { name: 'reviews', description: 'What guests say' },
        { name: 'availability', description: 'What is free: across a chain and the price calendar (keyless, for booking widgets), and at one property' },
        { name: 'properties', description: 'What the catalog knows about a property' },
        { name: 'data', description: 'Chains push their rates, availability and shopped channel prices' },
        { name: 'events', description: 'What changed: parity alerts and data changes, as a change feed' },
        { name: 'webhooks', description: 'Signed events POSTed to your HTTPS endpoint (docs/WEBHOOKS.md)' },
        { name: 'mcp', description: 'The MCP endpoint for AI agents' },
        { name: 'operations', description: 'Health and documentation' },
      ],
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => withParameterExamples(withoutUnusedSchemas(jsonSchemaTransformObject(input)), todayInTimeZone('UTC', now())),
  };
}

/** Request headers a docs asset's answer depends on (a browser's revalidation). */
const RELAYED_REQUEST_HEADERS = ['if-none-match', 'if-modified-since'] as const;
/** Answer headers of /docs worth passing on; the length and the connection's own are the API's to set. */
const RELAYED_ANSWER_HEADERS = new Set(['content-type', 'cache-control', 'etag', 'last-modified', 'location', 'content-security-policy']);

/** Answers a /docs request with what the documentation application answers it, and an unknown path as the API answers one. */
function relayTo(documented: () => Promise<FastifyInstance>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const headers: Record<string, string> = {};
    for (const name of RELAYED_REQUEST_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await (await documented()).inject({ method: 'GET', url: request.url, headers });
    if (answer.statusCode === 404) {
      reply.callNotFound();
      return reply;
    }
    // Its own error bodies are not the API's: the API's error handler answers, and logs it.
    if (answer.statusCode >= 500) throw new Error(`The documentation application answered ${request.url} with ${answer.statusCode}`);
    for (const [name, value] of Object.entries(answer.headers)) if (RELAYED_ANSWER_HEADERS.has(name) && value !== undefined) reply.header(name, value);
    // A redirect has no body, and an empty Buffer sent would be typed application/octet-stream.
    return reply.code(answer.statusCode).send(answer.rawPayload.length > 0 ? answer.rawPayload : undefined);
  };
}
