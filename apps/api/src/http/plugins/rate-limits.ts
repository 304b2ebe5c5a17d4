import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiFailure } from '../errors/api-failure.js';

export interface RateLimitSettings {
  /** Requests per window for one API key, across every keyed route (REST and MCP together). */
  readonly perKey: number;
  /** Requests per window for one chain and client address on the keyless availability route. */
  readonly perChainAndClient: number;
  readonly windowMs: number;
}

const CHAIN_BUDGET = 'chain:';

/**
 * One limiter for every route, with IETF RateLimit headers and a 429 in the route's own error
 * shape. One store means one budget per caller whatever the route: a key's calls to the shopper,
 * reviews and MCP all count together. It runs as a preHandler, once the API key is known; routes
 * opt out with `config: { rateLimit: false }`.
 */
export async function registerRateLimits(app: FastifyInstance, settings: RateLimitSettings): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    enableDraftSpec: true,
    timeWindow: settings.windowMs,
    keyGenerator: budgetOf,
    max: (_request, budget) => (budget.startsWith(CHAIN_BUDGET) ? settings.perChainAndClient : settings.perKey),
    errorResponseBuilder: (_request, context) =>
      new ApiFailure('rate_limited', `Too many requests (at most ${context.max} per window); retry in ${context.after}.`),
  });
}

/**
 * Whose budget a request spends: its API key's; else, on the keyless availability endpoint
 * (the only one that takes `chainCode`), that chain's for this client address; else the address's.
 */
function budgetOf(request: FastifyRequest): string {
  if (request.principal) return `key:${request.principal.keyId}`;
  const chainCode = (request.query as { chainCode?: unknown } | undefined)?.chainCode;
  if (typeof chainCode === 'string') return `${CHAIN_BUDGET}${chainCode}|${request.ip}`;
  return `client:${request.ip}`;
}
