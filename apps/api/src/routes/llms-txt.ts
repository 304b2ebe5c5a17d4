import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

/**
 * The repository's docs/llms.txt, read once at start-up. `src/routes` and `dist/routes` sit at
 * the same depth, so the same relative path finds it from the sources and from the build.
 */
const LLMS_TXT = new URL('../../../../docs/llms.txt', import.meta.url);

/** `GET /llms.txt`: a map of the API for AI agents (https://llmstxt.org), pointing to the MCP endpoint. */
export async function llmsTxtRoute(app: FastifyInstance): Promise<void> {
  const text = readFileSync(fileURLToPath(LLMS_TXT), 'utf8');
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
