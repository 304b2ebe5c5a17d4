import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from '@fastify/type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { API_VERSION } from '../envelope.js';

/**
 * The OpenAPI 3.1 document is generated from the routes' zod schemas (the domain library's), so
 * it cannot drift from what the API validates and returns. Served at /openapi.json, browsable
 * at /docs.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Hotel Rates, Reviews and Availability API',
        version: API_VERSION,
        description:
          'Rates against the online travel agencies (shopper), what guests say (reviews) and what is free across a chain ' +
          '(availability). Every REST endpoint but the keyless availability one takes `Authorization: Bearer <API_KEY>`. ' +
          'Errors on envelope endpoints are `{ data: null, error: { type, code, message, param?, requestId } }`.',
      },
      components: {
        securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: sk_live_... or sk_test_...' } },
      },
      tags: [
        { name: 'shopper', description: 'Our direct price against the channels' },
        { name: 'reviews', description: 'What guests say' },
        { name: 'availability', description: 'What is free across a chain (keyless, for booking widgets)' },
        { name: 'operations', description: 'Health and documentation' },
      ],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { url: '/openapi.json', deepLinking: true } });
  app.get('/openapi.json', { schema: { hide: true }, config: { rateLimit: false } }, async () => app.swagger());
}
