import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * The repository's docs/llms.txt, read once at start-up, found from this package's manifest: the
 * sources, the build and the bundle sit at different depths below it.
 */
const LLMS_TXT = join(dirname(createRequire(import.meta.url).resolve('@hotelapi/api/package.json')), '../../docs/llms.txt');

/** `GET /llms.txt`: a map of the API for AI agents (https://llmstxt.org), pointing to the MCP endpoint. */
export async function llmsTxtRoute(app: FastifyInstance): Promise<void> {
  const text = readFileSync(LLMS_TXT, 'utf8');
  app.get(
    '/llms.txt',
    {
      schema: {
        tags: ['operations'],
        operationId: 'getLlmsTxt',
        security: [],
        summary: 'Map of the API for AI agents',
        description: 'The llms.txt of the service (https://llmstxt.org): what it serves, how to authenticate, and the MCP endpoint.',
        produces: ['text/markdown'],
      },
      config: { rateLimit: false },
    },
    async (_request, reply) => reply.type('text/markdown; charset=utf-8').send(text),
  );
}
