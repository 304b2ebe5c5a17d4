import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooManyConcurrentRequests } from '../failures/operational-errors.js';
import { budgetOf } from '../http/rate-limits/rate-limits.js';
import { withHook } from '../http/route-hooks.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** CPU- or memory-heavy: each caller may run only a few such requests at once. */
    heavy?: boolean;
  }
}

/**
 * Per-caller concurrency caps on heavy routes: an API key (or, on the keyless availability
 * endpoint, a chain and client address: the rate-limit budget) may have at most `perClient`
 * of them running; one more is a 429 `too_many_concurrent_requests` with `Retry-After: 1`.
 * A rate limit counts requests per window; this counts what is running, which is what a client
 * that fires hundreds of chain searches at once costs.
 *
 * The hook is added to the heavy routes only (as each is declared), so other requests do not run it.
 */
export function capConcurrentHeavyRequests(app: FastifyInstance, perClient: number, onRejected: () => void): void {
  const running = new Map<string, number>();
  const cap = async (request: FastifyRequest, reply: FastifyReply) => {
    const budget = budgetOf(request);
    const count = running.get(budget) ?? 0;
    if (count >= perClient) {
      onRejected();
      throw tooManyConcurrentRequests(perClient);
    }
    running.set(budget, count + 1);
    // Released however the exchange ends: answered, failed, hijacked (MCP) or aborted.
    reply.raw.once('close', () => {
      const left = (running.get(budget) ?? 1) - 1;
      if (left > 0) running.set(budget, left);
      else running.delete(budget);
    });
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.heavy) return;
    route.preHandler = withHook(route.preHandler, cap);
  });
}
