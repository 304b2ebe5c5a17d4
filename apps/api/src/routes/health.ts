import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const Health = z.object({
  status: z.enum(['ok', 'shutting_down']),
  /** Readiness only: where rate limits are counted and where keys come from, for operators. */
  details: z.record(z.string(), z.string()).optional(),
});

export interface HealthOptions {
  readonly isShuttingDown: () => boolean;
  readonly details: () => Record<string, string>;
}

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: it should get traffic).
 * Readiness turns 503 as soon as shutdown begins, so a load balancer drains the instance while
 * in-flight requests finish. A degraded store (Redis unreachable: limits per instance) is shown
 * in `details` but keeps the instance ready: it still serves correctly.
 */
export async function healthRoutes(app: FastifyInstance, options: HealthOptions): Promise<void> {
  const schema = { tags: ['operations'], response: { 200: Health, 503: Health } };
  app.get('/healthz', { schema, config: { rateLimit: false } }, async () => ({ status: 'ok' as const }));
  app.get('/readyz', { schema, config: { rateLimit: false } }, async (_request, reply) =>
    options.isShuttingDown()
      ? reply.code(503).send({ status: 'shutting_down', details: options.details() })
      : { status: 'ok' as const, details: options.details() },
  );
}
