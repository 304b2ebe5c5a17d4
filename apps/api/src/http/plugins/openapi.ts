import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from '@fastify/type-provider-zod';
import { SANDBOX_KEY } from '@hotelapi/auth';
import type { FastifyInstance } from 'fastify';
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
 */
export async function registerOpenApi(app: FastifyInstance, now: () => Date, sandboxKeys: boolean): Promise<void> {
  await app.register(swagger, {
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
        { name: 'mcp', description: 'The MCP endpoint for AI agents' },
        { name: 'operations', description: 'Health and documentation' },
      ],
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => withParameterExamples(withoutUnusedSchemas(jsonSchemaTransformObject(input)), todayInTimeZone('UTC', now())),
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { url: '/openapi.json', deepLinking: true } });
  app.get('/openapi.json', { schema: { hide: true }, config: { rateLimit: false } }, async () => app.swagger());
}
