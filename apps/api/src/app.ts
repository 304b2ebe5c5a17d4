import type { KeyStore } from '@hotelapi/auth';
import type { Connectors } from '@hotelapi/connectors';
import { validatorCompiler, type ZodTypeProvider } from '@fastify/type-provider-zod';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { pino } from 'pino';
import type { ApiConfig } from './config.js';
import { errorEnvelope } from './http/envelope.js';
import { apiKeyAuth } from './http/plugins/api-key-auth.js';
import { failureToReport, handleErrorsWith } from './http/plugins/error-envelope.js';
import { languageNegotiation } from './http/plugins/language.js';
import { registerOpenApi } from './http/plugins/openapi.js';
import { registerRateLimits } from './http/rate-limits/rate-limits.js';
import { RedisLink } from './http/rate-limits/redis-link.js';
import { unknownRoutes } from './http/plugins/unknown-routes.js';
import { rejectPlainHttp } from './http/server/https-only.js';
import { requestIdFor } from './http/server/request-id.js';
import { compiledSerializerCompiler } from './http/serialization/compiled-serializer.js';
import { createTlsServer } from './http/server/tls-server.js';
import type { TlsMaterial } from './http/server/tls.js';
import { mcpRoutes } from './mcp/mcp-routes.js';
import { healthRoutes } from './routes/health.js';
import { v1Routes } from './routes/v1.js';
import { widgetAssetRoutes } from './routes/widget-assets.js';
import type { ApiServices } from './services/context.js';
import { loadPropertyDirectory } from './services/property-directory.js';

export interface ApiDependencies {
  readonly config: ApiConfig;
  readonly connectors: Connectors;
  readonly keyStore: KeyStore;
  readonly tls: Pick<TlsMaterial, 'cert' | 'key'>;
  /** The clock; tests pin it. */
  readonly now?: () => Date;
  /** Pino options or instance; defaults to JSON logs at the configured level. */
  readonly logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
}

const ROUTER_OPTIONS = { ignoreTrailingSlash: true, maxParamLength: 128 } as const;

/**
 * Builds the API: configuration and connectors in, a ready-to-listen Fastify app out. Nothing here
 * reads the environment or listens, so tests start it in-process on a real port.
 */
export async function buildApp(deps: ApiDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  const logger = deps.logger ?? {
    level: config.LOG_LEVEL,
    // Keys never reach the logs, even if a serializer someday includes headers.
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'], censor: '[redacted]' },
    // Lines are written to stdout asynchronously: those logged while a write is under way go out
    // together in the next one, instead of a blocking write per line (two per request). pino
    // flushes what is left when the process exits.
    stream: pino.destination({ dest: 1, sync: false }),
  };
  const app = Fastify({
    ...(isLoggerInstance(logger) ? { loggerInstance: logger } : { logger }),
    genReqId: requestIdFor,
    trustProxy: trustedProxies(config.TRUST_PROXY),
    bodyLimit: config.BODY_LIMIT_BYTES,
    return503OnClosing: true,
    routerOptions: ROUTER_OPTIONS,
    // A URL the router cannot even parse fails before any hook: answer it in our shape too.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const failure = failureToReport(error, request);
      void reply.code(failure.status).header('x-request-id', request.id).send(errorEnvelope(request, failure));
    },
    serverFactory: (handler) => createTlsServer(deps.tls, handler),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    rejectPlainHttp(request, reply);
  });
  await app.register(apiKeyAuth);
  await app.register(languageNegotiation);
  handleErrorsWith(app, (request, _reply, error) => errorEnvelope(request, error));
  await app.register(unknownRoutes, ROUTER_OPTIONS);

  // Readiness turns 503 when draining starts (SIGTERM), before the listeners close.
  let shuttingDown = false;
  app.decorate('startDraining', () => {
    shuttingDown = true;
  });
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });

  const services: ApiServices = {
    connectors: deps.connectors,
    directory: await loadPropertyDirectory(deps.connectors.catalog),
    stayPolicy: { maxNights: config.MAX_STAY_NIGHTS, maxAdvanceDays: config.MAX_ADVANCE_DAYS },
    channelNames: config.CHANNEL_NAMES,
    now: deps.now ?? (() => new Date()),
  };
  const redis = config.REDIS_URL ? await RedisLink.open(config.REDIS_URL, app.log) : undefined;
  if (redis) app.addHook('onClose', () => redis.close());

  await registerRateLimits(app, {
    perKey: config.RATE_LIMIT_MAX,
    perChainAndClient: config.AVAILABILITY_RATE_LIMIT_MAX,
    authFailuresPerClient: config.AUTH_FAILURE_LIMIT_MAX,
    windowMs: config.RATE_LIMIT_WINDOW_MS,
    ...(redis ? { redis: { link: redis, keyPrefix: config.REDIS_KEY_PREFIX } } : {}),
  });
  await registerOpenApi(app);
  await app.register(healthRoutes, {
    isShuttingDown: () => shuttingDown,
    pingDataStore: deps.connectors.ping,
    details: () => ({ rateLimits: redis?.mode ?? 'local', ...deps.keyStore.describe?.() }),
  });
  await app.register(v1Routes, { prefix: '/v1', services, keyStore: deps.keyStore });
  await app.register(widgetAssetRoutes);
  await app.register(mcpRoutes, { services, keyStore: deps.keyStore, allowedOrigins: config.MCP_ALLOWED_ORIGINS });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** `/readyz` answers 503 from now on; the instance still serves every request it gets. */
    startDraining(): void;
  }
}

/**
 * A hop count (TRUST_PROXY=true is 1) trusts that many proxies nearest to us, whoever they are.
 * Fastify's own hop count trusts no peer at all, so it becomes proxy-addr's trust function.
 */
function trustedProxies(setting: false | number | string[]): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

function isLoggerInstance(logger: unknown): logger is FastifyBaseLogger {
  return typeof logger === 'object' && logger !== null && typeof (logger as FastifyBaseLogger).child === 'function';
}
