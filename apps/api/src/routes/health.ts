import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NEVER_SHED } from '../admission/load-shedding.js';

const Health = z.object({ status: z.enum(['ok', 'shutting_down']) });

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: it should get traffic).
 * Readiness turns 503 as soon as shutdown begins, so a load balancer drains the instance while
 * in-flight requests finish.
 */
export async function healthRoutes(app: FastifyInstance, options: { isShuttingDown: () => boolean }): Promise<void> {
  const schema = { tags: ['operations'], response: { 200: Health, 503: Health } };
  const config = { rateLimit: false, ...NEVER_SHED };
  app.get('/healthz', { schema, config }, async () => ({ status: 'ok' as const }));
  app.get('/readyz', { schema, config }, async (_request, reply) =>
    options.isShuttingDown() ? reply.code(503).send({ status: 'shutting_down' }) : { status: 'ok' as const },
  );
}
