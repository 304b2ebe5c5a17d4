import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiFailure } from '../../failures/api-failure.js';
import { failoverStore } from './failover-store.js';
import type { RedisLink } from './redis-link.js';

export interface RateLimitSettings {
  /** Requests per window for one API key, across every keyed route (REST and MCP together). */
  readonly perKey: number;
  /** Requests per window for one chain and client address on the keyless availability route. */
  readonly perChainAndClient: number;
  /** Failed authentications per window for one client address, before it gets 429s. */
  readonly authFailuresPerClient: number;
  readonly windowMs: number;
  /** Shared counters; without it every budget lives in this instance's memory. */
  readonly redis?: { readonly link: RedisLink; readonly keyPrefix: string };
  /** Told of every request refused for its budget (metrics). */
  readonly onExceeded?: () => void;
}

/** Throttles key guessing: failed authentications spend a budget of the client address. */
export interface AuthFailureGuard {
  /** Throws a 429 when the address has spent its budget of failures. */
  refuseIfExhausted(request: FastifyRequest): void;
  /** Counts one failed authentication of the address; throws a 429 once it is over its budget. */
  record(request: FastifyRequest): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly authFailures: AuthFailureGuard;
    /** Spends `count` more requests of the caller's budget (each further data-reading message of an MCP batch). */
    spendMore(request: FastifyRequest, reply: FastifyReply, count: number): Promise<void>;
  }
}

const CHAIN_BUDGET = 'chain:';

/** Bounds the memory an address-spraying attacker can make the blocked list take. */
const MAX_BLOCKED_ADDRESSES = 100_000;

/**
 * One limiter for every route, with IETF RateLimit headers and a 429 in the route's own error
 * shape. One store means one budget per caller whatever the route: a key's calls to the shopper,
 * reviews and MCP all count together. It runs as a preHandler, once the API key is known; routes
 * opt out with `config: { rateLimit: false }`. With Redis the budgets are shared by every
 * instance (see `failoverStore`).
 */
export async function registerRateLimits(app: FastifyInstance, settings: RateLimitSettings): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    enableDraftSpec: true,
    timeWindow: settings.windowMs,
    keyGenerator: budgetOf,
    ...(settings.redis ? { store: failoverStore(settings.redis.link, settings.redis.keyPrefix) } : {}),
    max: (request, budget) =>
      budget.startsWith(CHAIN_BUDGET) ? settings.perChainAndClient : (request.principal?.rateLimitMax ?? settings.perKey),
    errorResponseBuilder: (_request, context) => tooManyRequests(context.max, context.after),
    ...(settings.onExceeded ? { onExceeded: settings.onExceeded } : {}),
  });

  const perCaller = app.createRateLimit();
  app.decorate('spendMore', async (request: FastifyRequest, reply: FastifyReply, count: number) => {
    if (count <= 0) return;
    const spent = await Promise.all(Array.from({ length: count }, () => perCaller(request)));
    const counted = spent.filter((state) => !state.isAllowed);
    const latest = counted.find((state) => state.isExceeded) ?? counted.at(-1);
    if (!latest || latest.isAllowed) return;
    reply.header('ratelimit-remaining', Math.min(...counted.map((state) => (state.isAllowed ? Infinity : state.remaining))));
    if (latest.isExceeded) throw tooManyRequests(latest.max, `${latest.ttlInSeconds} seconds`, latest.ttlInSeconds);
  });

  const failures = app.createRateLimit({
    max: settings.authFailuresPerClient,
    keyGenerator: (request) => `authfail:${request.ip}`,
  });
  // Addresses that have spent their budget, until its window ends. Kept here so that checking an
  // address costs no Redis round trip on every request; each instance learns of a spent budget
  // from the shared count at the address's next failure there (at most one more guess each).
  const blockedUntil = new Map<string, number>();
  const refuse = (seconds: number) =>
    new ApiFailure('rate_limited', `Too many failed authentications from this address; retry in ${seconds} seconds.`, {
      headers: { 'retry-after': String(seconds) },
    });
  app.decorate('authFailures', {
    refuseIfExhausted(request: FastifyRequest) {
      const until = blockedUntil.get(request.ip);
      if (until === undefined) return;
      if (until > Date.now()) throw refuse(Math.ceil((until - Date.now()) / 1000));
      blockedUntil.delete(request.ip);
    },
    async record(request: FastifyRequest) {
      const state = await failures(request);
      if (state.isAllowed || state.remaining > 0) return;
      if (blockedUntil.size >= MAX_BLOCKED_ADDRESSES) blockedUntil.clear();
      blockedUntil.set(request.ip, Date.now() + state.ttl);
      if (state.isExceeded) throw refuse(state.ttlInSeconds);
    },
  } satisfies AuthFailureGuard);
}

/** The plugin sets `Retry-After` itself on its own 429s; the others carry it on the error. */
function tooManyRequests(max: number, after: string, retryAfterSeconds?: number): ApiFailure {
  return new ApiFailure('rate_limited', `Too many requests (at most ${max} per window); retry in ${after}.`, {
    headers: retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) },
  });
}

/**
 * Whose budget a request spends: its API key's; else, on the keyless availability endpoint
 * (the only one that takes `chainCode`), that chain's for this client address; else the address's.
 */
export function budgetOf(request: FastifyRequest): string {
  if (request.principal) return `key:${request.principal.keyId}`;
  const chainCode = (request.query as { chainCode?: unknown } | undefined)?.chainCode;
  if (typeof chainCode === 'string') return `${CHAIN_BUDGET}${chainCode}|${request.ip}`;
  return `client:${request.ip}`;
}
