import type { KeyStore } from '@hotelapi/auth';
import { observeAll, type ConnectorObserver, type Connectors } from '@hotelapi/connectors';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { ApiConfig } from './config.js';
import { guardConnectors, isGuarded } from './connector-guards.js';
import { dashboardRoutes } from './dashboard/dashboard-plugin.js';
import { errorEnvelope } from './http/envelope.js';
import { apiKeyAuth } from './http/plugins/api-key-auth.js';
import { refuseApiKeysInQuery } from './http/plugins/api-key-in-query.js';
import { connectorScopes } from './http/plugins/connector-scope.js';
import { failureToReport, handleErrorsWith } from './http/plugins/error-envelope.js';
import { languageNegotiation } from './http/plugins/language.js';
import { registerCompression } from './http/plugins/compression.js';
import { slicedSending } from './http/plugins/sliced-sending.js';
import { shedLoad } from './http/plugins/load-shedding.js';
import { registerOpenApi } from './http/plugins/openapi.js';
import { registerRateLimits } from './http/rate-limits/rate-limits.js';
import { RedisLink } from './http/rate-limits/redis-link.js';
import { unknownRoutes } from './http/plugins/unknown-routes.js';
import { rejectPlainHttp } from './http/server/https-only.js';
import { requestIdFor } from './http/server/request-id.js';
import { compiledSerializerCompiler } from './http/serialization/compiled-serializer.js';
import { inputValidatorCompiler } from './http/validation/input-validator.js';
import { answerClientErrors } from './http/server/client-errors.js';
import type { SocketLimits } from './http/server/socket-limits.js';
import { createTlsServer, type ConnectionPolicy } from './http/server/tls-server.js';
import type { TlsMaterial } from './http/server/tls.js';
import { mcpRoutes } from './mcp/mcp-routes.js';
import { allowedHosts } from './mcp/sign-in/host-guard.js';
import { AccessLog } from './observability/access-log.js';
import { stdoutLines } from './observability/log-destination.js';
import { redactingLoggerOptions } from './observability/log-redaction.js';
import { ApiMetrics } from './observability/metrics.js';
import { observeRequests } from './observability/metrics-route.js';
import { healthRoutes } from './routes/health.js';
import { llmsTxtRoute } from './routes/llms-txt.js';
import { v1Routes } from './routes/v1.js';
import { widgetAssetRoutes } from './routes/widget-assets.js';
import { sandboxPhotoRoutes } from './routes/sandbox-photos.js';
import { HeavyWorkAdmission } from './services/admission/heavy-work.js';
import { createApiServices, heavyWorkSettings } from './services/context.js';
import { startEventWork, type EventWork } from './services/events/event-work.js';
import { defaultAnd } from './services/events/tolerances.js';
import { startWebhooks } from './services/webhooks/start-webhooks.js';
import type { WebhookEngine } from './services/webhooks/webhook-engine.js';

export interface ApiDependencies {
  readonly config: ApiConfig;
  readonly connectors: Connectors;
  readonly keyStore: KeyStore;
  readonly tls: Pick<TlsMaterial, 'cert' | 'key'>;
  /** The clock; tests pin it. */
  readonly now?: () => Date;
  /** Pino options or instance; defaults to JSON lines on standard output, at the configured level. */
  readonly logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
  /** Told about every call to a data source: outcomes, latencies, retries, breaker states, stale answers. */
  readonly connectorObserver?: ConnectorObserver;
  /** A CA webhook receivers' certificates may chain to, besides Node's store (tests). */
  readonly webhookCa?: string;
}

const ROUTER_OPTIONS = { ignoreTrailingSlash: true, maxParamLength: 128 } as const;

/**
 * Our zod compilers from the start: without them Fastify loads its Ajv compilers (tens of modules)
 * only for `setValidatorCompiler` to replace them. Fastify types the factories with Ajv's schemas.
 */
const ZOD_COMPILERS = { buildValidator: () => inputValidatorCompiler, buildSerializer: () => compiledSerializerCompiler } as unknown as NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/**
 * Builds the API: configuration and connectors in, a ready-to-listen Fastify app out. Nothing here
 * reads the environment or listens, so tests start it in-process on a real port.
 */
export async function buildApp(deps: ApiDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  // Keys never reach the logs: headers censored, secret query parameters redacted from URLs.
  const logger = isLoggerInstance(deps.logger)
    ? deps.logger
    : redactingLoggerOptions(typeof deps.logger === 'object' ? deps.logger : { level: config.LOG_LEVEL, stream: stdoutLines() });
  const connections = connectionPolicy(config, () => app.log);
  const app = Fastify({
    ...(isLoggerInstance(logger) ? { loggerInstance: logger } : { logger }),
    genReqId: requestIdFor,
    logController: new AccessLog(),
    trustProxy: trustedProxies(config.TRUST_PROXY),
    bodyLimit: config.BODY_LIMIT_BYTES,
    return503OnClosing: true,
    routerOptions: ROUTER_OPTIONS,
    schemaController: { compilersFactory: ZOD_COMPILERS },
    // A URL the router cannot even parse fails before any hook: answer it in our shape too.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const failure = failureToReport(error, request);
      void reply.code(failure.status).header('x-request-id', request.id).send(errorEnvelope(request, failure));
    },
    clientErrorHandler: connections.onClientError,
    serverFactory: (handler) => createTlsServer(deps.tls, handler, connections),
  }).withTypeProvider<ZodTypeProvider>();

  // First, so that every route is instrumented. Loaded only when on: the SDK is many modules.
  const tracing = config.OTEL_EXPORTER_OTLP_ENDPOINT
    ? (await import('./observability/tracing.js')).startTracing(config.OTEL_EXPORTER_OTLP_ENDPOINT)
    : undefined;
  if (tracing) {
    await tracing.instrument(app);
    app.addHook('onClose', () => tracing.shutdown());
  }
  // Spans time each attempt at a data source; the resilience policy wraps them (retries are spans of their own).
  const tracedConnectors = tracing ? tracing.traceConnectors(deps.connectors) : deps.connectors;

  // Built before the services, so the metrics can watch its gate; refusals are counted by reason.
  const heavyWork = new HeavyWorkAdmission(heavyWorkSettings(config), (reason) => metrics.rejected(reason));
  // Metrics first: their hook sees every request, also those an earlier hook refuses.
  const metrics = new ApiMetrics(heavyWork.gate);
  observeRequests(app, { metrics, token: config.METRICS_TOKEN });

  app.setValidatorCompiler(inputValidatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);
  // Hooks on every request take a callback rather than return a promise: one microtask less each.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    rejectPlainHttp(request, reply);
    done();
  });
  refuseApiKeysInQuery(app);
  await app.register(apiKeyAuth);
  await app.register(languageNegotiation);
  // Only guarded sources have a deadline to share or a kept answer to mark stale.
  if (isGuarded(deps.connectors, config)) await app.register(connectorScopes, { deadlineMs: config.CONNECTOR_DEADLINE_MS });
  await app.register(slicedSending);
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

  const connectors = guardConnectors(tracedConnectors, config, observeAll(metrics.connectorObserver, deps.connectorObserver ?? {}));
  if (config.CONNECTOR_FAULTS) app.log.warn({ faults: config.CONNECTOR_FAULTS }, 'CONNECTOR_FAULTS: data sources fail on purpose');
  const webhooks = await startWebhooks({ config, connectors: deps.connectors, keys: deps.keyStore, log: app.log, registry: metrics.registry, ...(deps.webhookCa && { ca: deps.webhookCa }) });
  app.addHook('onClose', () => webhooks.close());
  app.decorate('webhooks', webhooks);
  const services = await createApiServices(connectors, config, {
    ...(deps.now && { now: deps.now }),
    heavyWork,
    // Parity is judged at every tolerance a subscription asks for (and the feed's default).
    tolerancesInUse: defaultAnd(() => webhooks.tolerancesInUse()),
  });
  const eventWork = startEventWork(services, {
    retentionDays: config.EVENTS_RETENTION_DAYS,
    sandboxShopperSeconds: config.SANDBOX_SHOPPER_INTERVAL,
    tolerancesInUse: services.parityTolerances,
    onEvent: (type, count) => metrics.events.inc({ type }, count),
    onError: (error, what) => app.log.error({ err: error }, `${what} failed`),
  });
  app.decorate('eventWork', eventWork);
  app.addHook('onClose', () => eventWork.stop());
  const redis = config.REDIS_URL ? await RedisLink.open(config.REDIS_URL, app.log) : undefined;
  if (redis) app.addHook('onClose', () => redis.close());

  await shedLoad(
    app,
    { maxEventLoopDelayMs: config.MAX_EVENT_LOOP_DELAY_MS, maxHeapUsedBytes: config.MAX_HEAP_USED_MB * MB, maxRssBytes: config.MAX_RSS_MB * MB },
    (reason) => metrics.rejected(reason),
  );

  await registerRateLimits(app, {
    perKey: config.RATE_LIMIT_MAX,
    perChainAndClient: config.AVAILABILITY_RATE_LIMIT_MAX,
    authFailuresPerClient: config.AUTH_FAILURE_LIMIT_MAX,
    windowMs: config.RATE_LIMIT_WINDOW_MS,
    ...(redis ? { redis: { link: redis, keyPrefix: config.REDIS_KEY_PREFIX } } : {}),
    onExceeded: () => metrics.rejected('rate_limit'),
  });
  await registerCompression(app);
  await registerOpenApi(app, { now: services.now, sandboxKeys: config.sandboxKeys, routerOptions: ROUTER_OPTIONS });
  await app.register(healthRoutes, {
    isShuttingDown: () => shuttingDown,
    pingDataStore: deps.connectors.ping,
    details: () => ({ rateLimits: redis?.mode ?? 'local', ...deps.keyStore.describe?.() }),
  });
  await app.register(llmsTxtRoute);
  await app.register(v1Routes, {
    prefix: '/v1',
    services,
    keyStore: deps.keyStore,
    webhooks: { services, engine: webhooks, urlGuard: { allowPrivate: config.WEBHOOK_ALLOW_PRIVATE } },
    dataPush: {
      bodyLimitBytes: config.DATA_PUSH_BODY_LIMIT_BYTES,
      maxRecords: config.DATA_PUSH_MAX_RECORDS,
      perKey: config.WRITE_RATE_LIMIT_MAX,
      ...(config.CONNECTOR === 'postgres' && config.DATABASE_URL && { store: { url: config.DATABASE_URL, statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS, idempotencyRetentionMs: config.IDEMPOTENCY_RETENTION_MS } }),
    },
  });
  await app.register(widgetAssetRoutes);
  await app.register(dashboardRoutes, {
    services,
    keyStore: deps.keyStore,
    sessionTtlMs: config.DASHBOARD_SESSION_MINUTES * 60_000,
    sessionRedis: redis ? { link: redis, keyPrefix: config.REDIS_KEY_PREFIX } : undefined,
    oidc: config.OAUTH_ISSUER
      ? { issuer: config.OAUTH_ISSUER, clientId: config.DASHBOARD_OIDC_CLIENT_ID, clientSecret: config.DASHBOARD_OIDC_CLIENT_SECRET, scopes: config.DASHBOARD_OIDC_SCOPES }
      : undefined,
  });
  if (config.sandboxKeys) await app.register(sandboxPhotoRoutes);
  await app.register(mcpRoutes, {
    services,
    keyStore: deps.keyStore,
    allowedOrigins: config.MCP_ALLOWED_ORIGINS,
    allowedHosts: allowedHosts({ configured: config.MCP_ALLOWED_HOSTS, listeningHost: config.HOST, resourceUrl: config.MCP_RESOURCE_URL }),
    resourceUrl: config.MCP_RESOURCE_URL,
    oauthIssuer: config.OAUTH_ISSUER,
    maxBatch: config.MCP_MAX_BATCH,
    onToolCall: (tool, outcome) => metrics.mcpToolCalls.inc({ tool, outcome }),
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** `/readyz` answers 503 from now on; the instance still serves every request it gets. */
    startDraining(): void;
    /** Parity reviews, retention and the sandbox shopper (tests settle reviews through it). */
    readonly eventWork: EventWork;
    /** Webhook deliveries; `webhooks.tolerancesInUse()` is what the parity watcher evaluates. */
    readonly webhooks: WebhookEngine;
  }
}

/**
 * A hop count (TRUST_PROXY=true is 1) trusts that many proxies nearest to us, whoever they are.
 * Fastify's own hop count trusts no peer at all, so it becomes proxy-addr's trust function.
 */
function trustedProxies(setting: false | number | string[]): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

const MB = 1024 * 1024;

/**
 * How the app's listeners treat connections: the configured socket limits, and parser-level
 * refusals (431, 408, non-HTTP bytes) answered in the envelope. `main.ts` hands it to a second
 * listener too (::1 for localhost).
 */
export function connectionPolicy(config: ApiConfig, log: FastifyBaseLogger | (() => FastifyBaseLogger)): ConnectionPolicy {
  const limits: SocketLimits = {
    idleTimeoutMs: config.IDLE_TIMEOUT_MS,
    headersTimeoutMs: config.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: config.KEEP_ALIVE_TIMEOUT_MS,
    maxConnections: config.MAX_CONNECTIONS,
    maxHeaderBytes: config.MAX_HEADER_BYTES,
  };
  return { limits, onClientError: answerClientErrors(limits.maxHeaderBytes, typeof log === 'function' ? log : () => log) };
}

function isLoggerInstance(logger: unknown): logger is FastifyBaseLogger {
  return typeof logger === 'object' && logger !== null && typeof (logger as FastifyBaseLogger).child === 'function';
}
