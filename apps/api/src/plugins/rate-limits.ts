import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';

export interface RateLimitSettings {
  /** Requests per window for one API key, across every keyed route. */
  readonly perKey: number;
  /** Requests per window for one chain and client address on the keyless availability route. */
  readonly perChainAndClient: number;
  readonly windowMs: number;
}

/**
 * Registers the limiter (off by default) with IETF RateLimit headers and a 429 in our error
 * shape; routes opt in with `config: { rateLimit: keyedRateLimit(...) }` and the like. It runs as
 * a preHandler so that the API key is already known.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    enableDraftSpec: true,
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'rate_limit_error', 'rate_limited', `Too many requests (at most ${context.max} per window); retry in ${context.after}.`),
  });
}

/** One budget per API key, shared by every keyed route. */
export function keyedRateLimit(settings: RateLimitSettings) {
  return {
    max: settings.perKey,
    timeWindow: settings.windowMs,
    groupId: 'api-key',
    keyGenerator: (request: FastifyRequest) => request.principal?.keyId ?? request.ip,
  };
}

/** The widget endpoint has no key: one budget per chain and client address. */
export function chainClientRateLimit(settings: RateLimitSettings) {
  return {
    max: settings.perChainAndClient,
    timeWindow: settings.windowMs,
    groupId: 'chain-client',
    keyGenerator: (request: FastifyRequest) => {
      const chainCode = (request.query as { chainCode?: unknown } | undefined)?.chainCode;
      return `${typeof chainCode === 'string' ? chainCode : '-'}|${request.ip}`;
    },
  };
}
