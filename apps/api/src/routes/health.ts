import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NEVER_SHED } from '../http/plugins/load-shedding.js';

const Health = z.object({
  status: z.enum(['ok', 'shutting_down', 'data_store_unavailable']),
  /** Readiness only: where rate limits are counted and where keys come from, for operators. */
  details: z.record(z.string(), z.string()).optional(),
});

export interface HealthOptions {
  readonly isShuttingDown: () => boolean;
  /** Resolves when the data store answers; absent for stores that are always there (the sandbox). */
  readonly pingDataStore?: () => Promise<void>;
  readonly details: () => Record<string, string>;
}

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: it should get traffic).
 * Readiness turns 503 as soon as shutdown begins, so a load balancer drains the instance while
 * in-flight requests finish, and while the data store cannot be reached (it turns back by itself
 * when the store answers again: the pool replaces broken connections). A degraded store (Redis
 * unreachable: limits per instance) is shown in `details` but keeps the instance ready: it still
 * serves correctly.
 */
export async function healthRoutes(app: FastifyInstance, options: HealthOptions): Promise<void> {
  const response = { 200: Health, 503: Health };
  const liveness = { tags: ['operations'], security: [], operationId: 'getLiveness', summary: 'Liveness', description: 'The process answers.', response };
  const readiness = {
    tags: ['operations'],
    operationId: 'getReadiness',
    security: [],
    summary: 'Readiness',
    description: 'The instance should get traffic; 503 once shutdown has begun or while its data store cannot be reached.',
    response,
  };
  const config = { rateLimit: false, ...NEVER_SHED };
  // A probe's answer is a few bytes: it skips the compression hook, whose first use loads Node's
  // fetch classes, so an instance is ready without them.
  app.get('/healthz', { schema: liveness, config, compress: false }, async () => ({ status: 'ok' as const }));
  app.get('/readyz', { schema: readiness, config, compress: false }, async (request, reply) => {
    const details = options.details();
    if (options.isShuttingDown()) return reply.code(503).send({ status: 'shutting_down', details });
    try {
      await options.pingDataStore?.();
    } catch (error) {
      request.log.warn({ err: error }, 'data store unreachable: not ready');
      return reply.code(503).send({ status: 'data_store_unavailable', details });
    }
    return { status: 'ok' as const, details };
  });
}
