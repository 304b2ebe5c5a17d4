import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { NEVER_SHED } from '../http/plugins/load-shedding.js';
import type { ApiMetrics } from './metrics.js';

export interface MetricsOptions {
  readonly metrics: ApiMetrics;
  /** `METRICS_TOKEN`: without it there is no /metrics at all. */
  readonly token: string | undefined;
}

/**
 * Records every response's route, method, status and duration, and serves `GET /metrics` in the
 * Prometheus text format to `Authorization: Bearer <METRICS_TOKEN>` (Prometheus' `authorization`
 * scrape setting). Without the token configured the route does not exist (404 like any unknown
 * path); a wrong or missing token is a 404 too, so the endpoint is not advertised to strangers.
 */
export function observeRequests(app: FastifyInstance, { metrics, token }: MetricsOptions): void {
  app.addHook('onRequest', (request, reply, done) => {
    // The raw response's close fires for every request, also hijacked (MCP) and aborted ones.
    reply.raw.once('close', () => {
      metrics.requestDuration.observe(
        { route: request.routeOptions.url ?? 'unmatched', method: request.method, status: String(reply.raw.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
    done();
  });
  if (!token) return;

  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false, ...NEVER_SHED } }, async (request, reply) => {
    const presented = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(presented, expected)) return reply.callNotFound();
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

/** Equal-length digests, so the comparison takes the same time whatever was presented. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
