/**
 * Every environment variable the service reads, declared once: its parsing, its default, what it
 * means and an example. `loadConfig` (../config.ts) reads the environment with it and
 * `npm run docs:config` writes docs/CONFIGURATION.md from it.
 */
import { getHeapStatistics } from 'node:v8';
import { ConnectorFaultsSpec, DEFAULT_RESILIENCE, DEFAULT_RETRY_SCHEDULE, IDEMPOTENCY_RETENTION_MS } from '@hotelapi/connectors';
import { z } from 'zod';
import { channelNames, commaList, count, envBoolean, positiveInt, trustProxy, urlWith } from './parsers.js';

export interface SettingDoc {
  /** What the setting does, for docs/CONFIGURATION.md. */
  readonly meaning: string;
  /** A valid value, as an operator would write it (a test parses each one). */
  readonly example: string;
  /** The default in words, where it is derived or computed rather than one written value. */
  readonly default?: string;
}

export interface SettingArea {
  readonly title: string;
  readonly names: readonly string[];
}

/** The documentation of each setting's schema, with the area it is listed under. */
export const SETTING_DOCS = z.registry<SettingDoc & { readonly area: string }>();
const areas: SettingArea[] = [];

type Documented = SettingDoc & { readonly schema: z.ZodType };

/** One area of the document: its settings, in the order they are listed. */
function area<const S extends Record<string, Documented>>(title: string, settings: S): { [K in keyof S]: S[K]['schema'] } {
  areas.push({ title, names: Object.keys(settings) });
  return Object.fromEntries(
    Object.entries(settings).map(([name, { schema, ...doc }]) => [name, schema.register(SETTING_DOCS, { ...doc, area: title })]),
  ) as { [K in keyof S]: S[K]['schema'] };
}

const resilience = DEFAULT_RESILIENCE;

/** Neutral display names for the sandbox; a deployment sets its own in CHANNEL_NAMES. */
const SANDBOX_CHANNEL_NAMES =
  'OTA_01=Travelnest,OTA_02=Roomfinder,OTA_03=Bookaroo,OTA_04=StayScout,OTA_05=Tripmarket,OTA_06=Hotelhop,' +
  'OTA_07=Nightly,OTA_08=Globetrot,CRS_01=Centralres,CRS_02=Resnet,CRS_03=Skybook';

/** Browser origins as a browser sends them in `Origin`: scheme, host and port, nothing more. */
const widgetOrigins = commaList.refine(
  (origins) => origins.every((origin) => URL.canParse(origin) && new URL(origin).origin === origin),
  'each entry must be an origin such as http://localhost:5173 (no path, no trailing slash)',
);

const LISTENING = area('Listening and TLS', {
  HOST: {
    schema: z.string().min(1).default('localhost'),
    meaning: 'Address or host name to listen on (`0.0.0.0` in containers).',
    example: '0.0.0.0',
  },
  PORT: {
    schema: z.coerce.number().int().min(0).max(65535).default(8443),
    meaning: 'Port to listen on (HTTPS; plain HTTP on it is answered `https_required`).',
    example: '8444',
  },
  TLS_CERT_FILE: {
    schema: z.string().min(1).optional(),
    meaning: 'A real certificate (PEM), set together with `TLS_KEY_FILE`. Without them a self-signed one is made in `TLS_DIR`.',
    example: '/etc/hotel-api/tls.crt',
  },
  TLS_KEY_FILE: {
    schema: z.string().min(1).optional(),
    meaning: "The certificate's private key (PEM), set together with `TLS_CERT_FILE`.",
    example: '/etc/hotel-api/tls.key',
  },
  TLS_DIR: {
    schema: z.string().min(1).default('.data/tls'),
    meaning: 'Where the self-signed development certificate is created and kept (`/tmp/hotel-api-tls` in the image).',
    example: '/tmp/hotel-api-tls',
  },
  TRUST_PROXY: {
    schema: trustProxy.default(false),
    meaning:
      'Which proxies are believed about the client (`X-Forwarded-For`) and the protocol (`X-Forwarded-Proto`): `false` none; `true` the nearest hop, whoever it is; or a comma list of addresses and CIDR ranges (also `loopback`, `linklocal`, `uniquelocal`). `X-Forwarded-Proto: http` is refused like plain HTTP.',
    example: '10.0.0.0/8,127.0.0.1',
  },
});

const DATA_AND_KEYS = area('Hotel data and API keys', {
  CONNECTOR: {
    schema: z.enum(['sandbox', 'postgres']).default('sandbox'),
    meaning: 'Which adapter serves the hotel data: the in-process `sandbox` or `postgres`.',
    example: 'postgres',
  },
  DATABASE_URL: {
    schema: z
      .string()
      .refine((url) => /^postgres(ql)?:\/\//.test(url), 'must be a postgres:// URL')
      .optional(),
    meaning: 'PostgreSQL: the hotel data with `CONNECTOR=postgres` (then required), and the API keys whenever it is set (`API_KEYS_FILE` is then not read; key changes apply on every instance within a second).',
    example: 'postgres://hotel:secret@db:5432/hotel',
  },
  DATABASE_READ_URL: {
    schema: z
      .string()
      .refine((url) => /^postgres(ql)?:\/\//.test(url) && URL.canParse(url), 'must be a postgres:// URL')
      .optional(),
    meaning:
      'A streaming replica of `DATABASE_URL` (with `CONNECTOR=postgres`): the hotel data is read there (the catalog, ARI, channel collections, reviews, exchange rates); writes, Idempotency-Keys and API keys stay on the primary. While the replica does not answer or lags more than `DATABASE_MAX_LAG_MS`, reads go to the primary (checked every second; a log line and `database_reads_from_replica` say so). An unreachable replica at start does not stop the service.',
    example: 'postgres://hotel:secret@db-replica:5432/hotel',
  },
  DATABASE_MAX_LAG_MS: {
    schema: positiveInt.default(5_000),
    meaning: 'Most replication lag accepted on `DATABASE_READ_URL`, in ms: beyond it reads move to the primary, and come back once the lag is under half of it.',
    example: '2000',
  },
  DATABASE_POOL_SIZE: { schema: positiveInt.default(10), meaning: 'Most connections one instance opens to PostgreSQL (to the replica as many again); pushes (`POST /v1/data`) write on 4 more of their own.', example: '20' },
  DATABASE_STATEMENT_TIMEOUT_MS: {
    schema: positiveInt.optional(),
    default: '`CONNECTOR_TIMEOUT_MS`',
    meaning: 'Longest one SQL statement may run before PostgreSQL cancels it, in ms. Set much longer than `CONNECTOR_TIMEOUT_MS`, it lets abandoned statements hold their pool connections while the retries wait for one.',
    example: '2000',
  },
  SANDBOX_KEYS: {
    schema: envBoolean.optional(),
    default: 'on with `CONNECTOR=sandbox`',
    meaning: 'Accept the two documented sandbox API keys.',
    example: 'true',
  },
  SANDBOX_WIDGET_ORIGINS: {
    schema: widgetOrigins.optional(),
    default: 'with sandbox keys: http://localhost and http://127.0.0.1 on ports 5173, 3000, 8080 and 4200',
    meaning: "Browser origins added to every chain's widget origins (CORS of the keyless widget endpoints), so a web team can try the widget from its own machine. Used only with sandbox keys; when set, it is the whole list.",
    example: 'http://localhost:5173,https://staging.acme-hotels.example',
  },
  API_KEYS_FILE: {
    schema: z.string().min(1).default('.data/api-keys.json'),
    meaning: 'The single-machine key store (hashes only), managed with `npm run keys` and read at start; not read when `DATABASE_URL` is set.',
    example: '/var/lib/hotel-api/keys.json',
  },
});

const SEARCHES = area('Searches', {
  CHANNEL_NAMES: {
    schema: channelNames.prefault(SANDBOX_CHANNEL_NAMES),
    meaning: 'Display names of the channels compared against, as `CHANNEL_CODE=Name` pairs. Only these are shopped when a request names none.',
    example: 'OTA_01=Booking site,CRS_01=Central reservations',
  },
  MAX_STAY_NIGHTS: { schema: positiveInt.default(30), meaning: 'Longest stay a request may ask for, in nights.', example: '14' },
  MAX_ADVANCE_DAYS: { schema: positiveInt.default(365), meaning: 'Furthest check-in a request may ask for, in days from today.', example: '500' },
});

const RATE_LIMITS = area('Rate limits', {
  RATE_LIMIT_MAX: {
    schema: positiveInt.default(600),
    meaning: "Requests per window for each API key on the keyed endpoints (a key's own `--rate-limit` wins).",
    example: '1200',
  },
  AVAILABILITY_RATE_LIMIT_MAX: {
    schema: positiveInt.default(300),
    meaning: 'Requests per window for each chain and client address on the keyless availability endpoint.',
    example: '600',
  },
  RATE_LIMIT_WINDOW_MS: { schema: positiveInt.default(60_000), meaning: 'Length of the rate-limit window, in ms.', example: '60000' },
  AUTH_FAILURE_LIMIT_MAX: {
    schema: positiveInt.default(30),
    meaning: 'Failed authentications (malformed or unknown keys) per window for one client address; past it the address gets 429, even with a right key, until the window ends.',
    example: '10',
  },
  REDIS_URL: {
    schema: urlWith('redis', 'rediss').optional(),
    meaning: 'Redis holding what every instance shares: rate-limit budgets (unset, or while Redis is unreachable, each instance counts alone) and dashboard sessions (unset, each instance keeps its own).',
    example: 'redis://redis:6379',
  },
  REDIS_KEY_PREFIX: {
    schema: z.string().min(1).default('hotel-api:rl:'),
    meaning: 'Prefix of every key the API keeps in Redis (rate limits, dashboard sessions), so several deployments can share one Redis.',
    example: 'hotel-api-staging:rl:',
  },
});

const ADMISSION = area('Admission control', {
  MAX_EVENT_LOOP_DELAY_MS: {
    schema: count.default(1_000),
    meaning: 'Event-loop delay past which new requests are shed with 503; 0 never.',
    example: '500',
  },
  MAX_HEAP_USED_MB: {
    schema: count.default(() => Math.floor((0.85 * getHeapStatistics().heap_size_limit) / 2 ** 20)),
    default: "85 % of the process's heap limit",
    meaning: 'V8 heap in use past which new requests are shed with 503, so a flood is refused before the heap runs out; 0 never. The default follows `--max-old-space-size`.',
    example: '300',
  },
  MAX_RSS_MB: { schema: count.default(1_536), meaning: 'Resident memory past which new requests are shed with 503; 0 never.', example: '450' },
  HEAVY_REQUESTS_CONCURRENCY: {
    schema: positiveInt.default(2),
    meaning: 'Chain-availability computations run at once on an instance.',
    example: '4',
  },
  HEAVY_REQUESTS_QUEUE: {
    schema: count.default(64),
    meaning: 'Chain-availability computations that may wait for a slot; more are shed with 503.',
    example: '32',
  },
  HEAVY_REQUESTS_MAX_WAIT_MS: {
    schema: positiveInt.optional(),
    default: 'half of `CONNECTOR_DEADLINE_MS`',
    meaning: "Longest a chain-availability computation may wait for a slot, in ms; past it, 503. The wait spends the request's data-source deadline.",
    example: '1500',
  },
  CONCURRENT_HEAVY_REQUESTS_PER_CLIENT: {
    schema: positiveInt.default(8),
    meaning: 'Heavy requests (chain availability, MCP) one caller may have running at once; more are 429.',
    example: '4',
  },
  CHAIN_ANSWER_CACHE_MS: {
    schema: count.default(1_000),
    meaning:
      'How long an identical chain-availability answer (or price calendar) is reused, in ms; 0 shares only answers in progress. At most a second, so that pushed ARI is served within one.',
    example: '0',
  },
  PROPERTY_ANSWER_CACHE_MS: {
    schema: count.default(1_000),
    meaning: 'How long an identical shopper or reviews answer is reused, in ms; 0 shares only answers in progress.',
    example: '0',
  },
});

const CONNECTIONS = area('Connections and requests', {
  IDLE_TIMEOUT_MS: {
    schema: positiveInt.default(30_000),
    meaning: 'A connection with no traffic this long (ms) is closed, also one that never sent a byte or never finished its TLS handshake.',
    example: '60000',
  },
  HEADERS_TIMEOUT_MS: {
    schema: positiveInt.default(10_000),
    meaning: 'The request head must be complete within this, in ms (slowloris guard).',
    example: '5000',
  },
  REQUEST_TIMEOUT_MS: {
    schema: positiveInt.default(30_000),
    meaning: 'The whole request must be received within this, in ms; else `408 request_timeout`.',
    example: '15000',
  },
  KEEP_ALIVE_TIMEOUT_MS: {
    schema: positiveInt.default(5_000),
    meaning: "An idle keep-alive connection is closed after this, in ms; keep it below the load balancer's idle timeout.",
    example: '55000',
  },
  MAX_CONNECTIONS: {
    schema: positiveInt.default(4_096),
    meaning: 'Open connections per instance, TLS and plain together; more are refused at accept.',
    example: '2048',
  },
  MAX_HEADER_BYTES: {
    schema: positiveInt.default(16_384),
    meaning: 'Largest request head, in bytes; more is `431 headers_too_large`.',
    example: '32768',
  },
  BODY_LIMIT_BYTES: { schema: positiveInt.default(100_000), meaning: 'Largest request body, in bytes.', example: '200000' },
});

const MCP = area('MCP and OAuth', {
  MCP_ALLOWED_ORIGINS: {
    schema: commaList.default([]),
    meaning: 'Browser origins allowed to call `/mcp` (DNS-rebinding guard). Requests without `Origin` pass, and so does a loopback page calling a loopback host.',
    example: 'https://app.example.com',
  },
  MCP_ALLOWED_HOSTS: {
    schema: commaList.optional(),
    default: "`HOST`, `MCP_RESOURCE_URL`'s host, localhost, 127.0.0.1, [::1]",
    meaning: '`Host` names `/mcp` answers to, as `name` (any port) or `name:port` (DNS-rebinding guard). When set, it is the whole list.',
    example: 'api.example.com,api.internal:8443',
  },
  MCP_RESOURCE_URL: {
    schema: urlWith('https').optional(),
    default: '`https://<Host header>/mcp`',
    meaning: "This server's MCP endpoint as clients reach it: the `resource` of the Protected Resource Metadata and the audience OAuth access tokens must carry.",
    example: 'https://api.example.com/mcp',
  },
  OAUTH_ISSUER: {
    schema: urlWith('https', 'http')
      // Plain HTTP only on loopback, where tests and local development run their provider.
      .refine((url) => url.startsWith('https:') || /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])[:/]/.test(`${url}/`), 'must be https (http only on loopback)')
      .optional(),
    meaning: 'An OAuth 2.1 authorization server whose JWT access tokens `/mcp` accepts besides API keys (docs/MCP.md).',
    example: 'https://auth.example.com',
  },
  MCP_MAX_BATCH: {
    schema: positiveInt.default(16),
    meaning: 'Most messages in one MCP JSON-RPC batch; more is a JSON-RPC error -32600.',
    example: '8',
  },
  DASHBOARD_OIDC_CLIENT_ID: {
    schema: z.string().min(1).default('hotel-dashboard'),
    meaning: "The dashboard's client id at `OAUTH_ISSUER`, which signs users in to `/dashboard` (authorization code with PKCE; redirect URI `https://<host>/dashboard/auth/callback`).",
    example: 'hotel-dashboard',
  },
  DASHBOARD_OIDC_CLIENT_SECRET: {
    schema: z.string().min(1).optional(),
    meaning: "The dashboard's client secret at `OAUTH_ISSUER`; unset, it signs in as a public client (PKCE only).",
    example: 'change-me',
  },
  DASHBOARD_OIDC_SCOPES: {
    schema: z.string().min(1).default('openid'),
    meaning: 'Scopes the dashboard asks `OAUTH_ISSUER` for; grants come from `hotel:` scopes or the `hotel_grants` claim, as for `/mcp` tokens.',
    example: 'openid profile hotel',
  },
  DASHBOARD_SESSION_MINUTES: {
    schema: positiveInt.default(480),
    meaning: 'How long a dashboard sign-in lasts, in minutes (sessions live in Redis with `REDIS_URL`, else in the instance, so a restart ends them).',
    example: '60',
  },
});

const DATA_SOURCES = area('Calls to data sources', {
  CONNECTOR_TIMEOUT_MS: {
    schema: positiveInt.default(resilience.attemptTimeoutMs),
    meaning: 'Longest one attempt at a data source may take, in ms.',
    example: '500',
  },
  CONNECTOR_DEADLINE_MS: {
    schema: positiveInt.default(resilience.deadlineMs),
    meaning: 'Longest a request may wait on data sources in all (attempts, backoff, queueing), in ms; each call gets what is left.',
    example: '3000',
  },
  CONNECTOR_RETRIES: {
    schema: count.max(10).default(resilience.retries),
    meaning:
      'Most further attempts after a timeout, an upstream 5xx/408/425/429 or a lost connection (never after another 4xx, a "not found" or a bug), and none once the deadline has passed.',
    example: '3',
  },
  CONNECTOR_HEDGE_MS: {
    schema: count.default(resilience.hedge.delayMs),
    meaning: 'A second attempt starts beside one that has not answered after this long, in ms (first answer wins; at most a tenth of calls hedged); 0 turns hedging off.',
    example: '0',
  },
  CONNECTOR_RETRY_BASE_MS: {
    schema: positiveInt.default(resilience.backoff.initialDelayMs),
    meaning: 'First delay of the exponential backoff with decorrelated jitter, in ms.',
    example: '20',
  },
  CONNECTOR_RETRY_MAX_MS: {
    schema: positiveInt.default(resilience.backoff.maxDelayMs),
    meaning: 'Largest delay of that backoff, in ms.',
    example: '250',
  },
  CONNECTOR_BREAKER_THRESHOLD: {
    schema: z.coerce.number().gt(0).lt(1).default(resilience.breaker.threshold),
    meaning: "A port's circuit breaker opens when more than this share of its last `CONNECTOR_BREAKER_WINDOW` attempts failed.",
    example: '0.3',
  },
  CONNECTOR_BREAKER_WINDOW: {
    schema: positiveInt.default(resilience.breaker.windowCalls),
    meaning: 'Attempts the breaker counts over.',
    example: '100',
  },
  CONNECTOR_BREAKER_MIN_CALLS: {
    schema: positiveInt.default(resilience.breaker.minimumCalls),
    meaning: 'Attempts in the window before the breaker may open.',
    example: '10',
  },
  CONNECTOR_BREAKER_HALF_OPEN_MS: {
    schema: positiveInt.default(resilience.breaker.halfOpenAfterMs),
    meaning: 'How long an open breaker turns calls away before one trial call, in ms; a success closes it.',
    example: '10000',
  },
  CONNECTOR_MAX_CONCURRENT: {
    schema: positiveInt.default(resilience.bulkhead.maxConcurrent),
    meaning: 'Bulkhead per port: calls in flight at once.',
    example: '64',
  },
  CONNECTOR_MAX_QUEUED: {
    schema: count.default(resilience.bulkhead.maxQueued),
    meaning: 'Bulkhead per port: calls waiting for a slot; beyond that, 503.',
    example: '256',
  },
  CONNECTOR_STALE_TTL_MS: {
    schema: positiveInt.default(resilience.stale.ttlMs),
    meaning: 'How old a kept last good answer may be and still be served when its source fails, in ms.',
    example: '300000',
  },
  CONNECTOR_STALE_MAX_ITEMS: {
    schema: positiveInt.default(resilience.stale.maxItems),
    meaning: 'Bound on kept answers, least recently used out first, counted in list entries at any depth (a review, a rate) plus one per answer.',
    example: '20000',
  },
  CONNECTOR_FAULTS: {
    schema: ConnectorFaultsSpec.optional(),
    meaning:
      'Fault injection, to watch the resilience policy work: a comma list of `errorRate=<0..1>`, `timeoutRate=<0..1>` (the call never answers), `latencyMs=<min-max>`, `seed=<integer>`, any subset. Allowed only with sandbox keys.',
    example: 'errorRate=0.2,timeoutRate=0.01,seed=7',
  },
});

const DATA_PUSHES = area('Data pushes', {
  DATA_PUSH_BODY_LIMIT_BYTES: {
    schema: positiveInt.default(16 * 1024 * 1024),
    meaning: 'Largest body of `POST /v1/data`, in bytes (the other routes keep `BODY_LIMIT_BYTES`).',
    example: '33554432',
  },
  DATA_PUSH_MAX_RECORDS: {
    schema: positiveInt.default(100_000),
    meaning: 'Most records one push may hold; more is a 413 `too_many_records`.',
    example: '10000',
  },
  WRITE_RATE_LIMIT_MAX: {
    schema: positiveInt.default(120),
    meaning: 'Pushes per rate-limit window for each API key, counted apart from its reads.',
    example: '600',
  },
  IDEMPOTENCY_RETENTION_MS: {
    schema: positiveInt.default(IDEMPOTENCY_RETENTION_MS),
    meaning: 'How long a push is remembered by its `Idempotency-Key`, in ms (in PostgreSQL, shared by every instance; in the sandbox, in memory).',
    example: '3600000',
  },
});

const EVENTS = area('Events and the change feed', {
  EVENTS_RETENTION_DAYS: {
    schema: positiveInt.default(7),
    meaning: 'How many days events are kept in the change feed (`GET /v1/events`); older ones are pruned hourly, and a cursor older than what is kept is a 400.',
    example: '30',
  },
  SANDBOX_SHOPPER_INTERVAL: {
    schema: count.default(0),
    meaning:
      'With the sandbox: seconds between rounds of fresh channel prices (the first property of each chain, the coming two weeks), so parity events happen by themselves; 0 is off. `npm start` sets 60.',
    example: '60',
  },
});

const SHUTDOWN = area('Shutdown', {
  SHUTDOWN_DRAIN_MS: {
    schema: count.default(5_000),
    meaning: 'On SIGTERM: how long to keep serving with `/readyz` at 503, so load balancers stop sending, in ms.',
    example: '10000',
  },
  SHUTDOWN_TIMEOUT_MS: {
    schema: positiveInt.default(25_000),
    meaning: 'On SIGTERM: the longest the whole shutdown may take before the process exits anyway (status 1), in ms.',
    example: '28000',
  },
});

const OBSERVABILITY = area('Logs, metrics and traces', {
  LOG_LEVEL: {
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    meaning: 'Pino level; logs are JSON lines with the request id.',
    example: 'debug',
  },
  METRICS_TOKEN: {
    schema: z.string().min(16).optional(),
    meaning: 'Bearer token (16 characters or more) Prometheus presents to scrape `/metrics`; unset, there is no `/metrics`.',
    example: 'change-me-0123456789abcdef',
  },
  OTEL_EXPORTER_OTLP_ENDPOINT: {
    schema: z.url().optional(),
    meaning: 'The standard OpenTelemetry variable: where spans go over OTLP/HTTP; unset, no tracing. The SDK reads the other standard `OTEL_*` variables itself.',
    example: 'http://otel-collector:4318',
  },
});

const WEBHOOKS = area('Webhooks', {
  WEBHOOK_ALLOW_PRIVATE: {
    schema: envBoolean.optional(),
    default: 'on with sandbox keys, else off',
    meaning: 'Let webhook URLs reach loopback, private, link-local and metadata addresses (tests, local use, so `npm run webhooks:listen -- --subscribe` works under `npm start`); off, such a URL is a 400 `webhook_url_private`.',
    example: 'true',
  },
  WEBHOOK_TIMEOUT_MS: {
    schema: positiveInt.default(10_000),
    meaning: 'How long a webhook receiver has to answer a delivery, in ms; then the attempt failed and is retried.',
    example: '5000',
  },
  WEBHOOK_CONCURRENCY: {
    schema: positiveInt.default(16),
    meaning: 'Webhook deliveries in progress at once in each instance.',
    example: '32',
  },
  WEBHOOK_RETRY_BASE_S: {
    schema: positiveInt.default(DEFAULT_RETRY_SCHEDULE.baseDelaySeconds),
    meaning: 'Retry schedule (docs/WEBHOOKS.md): the first retry comes 1 to 2 times this many seconds after a failure, each next one twice as late, with jitter.',
    example: '30',
  },
  WEBHOOK_RETRY_MAX_S: {
    schema: positiveInt.default(DEFAULT_RETRY_SCHEDULE.maxDelaySeconds),
    meaning: 'Retry schedule: the longest wait between two attempts, in seconds.',
    example: '7200',
  },
  WEBHOOK_RETRIES: {
    schema: count.default(DEFAULT_RETRY_SCHEDULE.retries),
    meaning: 'Retry schedule: retries after the first attempt before the event becomes a dead letter (the defaults try for over 24 hours).',
    example: '40',
  },
  WEBHOOK_ATTEMPT_EXPIRY_S: {
    schema: positiveInt.default(DEFAULT_RETRY_SCHEDULE.attemptExpirySeconds),
    meaning: 'PostgreSQL: an attempt still running after this many seconds (its instance died) is given to another instance; keep it above `WEBHOOK_TIMEOUT_MS`.',
    example: '120',
  },
});

export const ConfigSchema = z.object({
  ...LISTENING,
  ...DATA_AND_KEYS,
  ...SEARCHES,
  ...RATE_LIMITS,
  ...ADMISSION,
  ...CONNECTIONS,
  ...MCP,
  ...DATA_SOURCES,
  ...DATA_PUSHES,
  ...EVENTS,
  ...SHUTDOWN,
  ...OBSERVABILITY,
  ...WEBHOOKS,
});

export type Config = z.infer<typeof ConfigSchema>;
export type SettingName = keyof Config;

/** The areas of docs/CONFIGURATION.md, in order, each with its settings. */
export const SETTING_AREAS: readonly SettingArea[] = areas;

/** The development servers web teams run most (Vite, Next/CRA, webpack, Angular), by name and by address. */
const DEVELOPMENT_ORIGINS = ['localhost', '127.0.0.1'].flatMap((host) => [5173, 3000, 8080, 4200].map((port) => `http://${host}:${port}`));

/** The origins added to every chain's widget origins: SANDBOX_WIDGET_ORIGINS with sandbox keys, none without. */
export function sandboxWidgetOriginsOf(config: Pick<Config, 'SANDBOX_WIDGET_ORIGINS' | 'SANDBOX_KEYS' | 'CONNECTOR'>): readonly string[] {
  return sandboxKeysOf(config) ? (config.SANDBOX_WIDGET_ORIGINS ?? DEVELOPMENT_ORIGINS) : [];
}

/** Whether the sandbox API keys are accepted: SANDBOX_KEYS, else on with the sandbox connector. */
export function sandboxKeysOf(config: Pick<Config, 'SANDBOX_KEYS' | 'CONNECTOR'>): boolean {
  return config.SANDBOX_KEYS ?? config.CONNECTOR === 'sandbox';
}

/** A rule between settings, checked once each of them has a valid value. */
export interface SettingRule {
  readonly names: readonly SettingName[];
  /** The problem as the operator reads it, naming the variables. */
  readonly message: string;
  readonly holds: (config: Config) => boolean;
}

function rule<K extends SettingName>(names: readonly K[], message: string, holds: (config: Pick<Config, K>) => boolean): SettingRule {
  return { names, message, holds };
}

export const SETTING_RULES: readonly SettingRule[] = [
  rule(['SHUTDOWN_DRAIN_MS', 'SHUTDOWN_TIMEOUT_MS'], 'SHUTDOWN_DRAIN_MS must be shorter than SHUTDOWN_TIMEOUT_MS', (c) => c.SHUTDOWN_DRAIN_MS < c.SHUTDOWN_TIMEOUT_MS),
  rule(['TLS_CERT_FILE', 'TLS_KEY_FILE'], 'TLS_CERT_FILE and TLS_KEY_FILE must be set together', (c) => Boolean(c.TLS_CERT_FILE) === Boolean(c.TLS_KEY_FILE)),
  rule(['CONNECTOR', 'DATABASE_URL'], 'DATABASE_URL is required with CONNECTOR=postgres', (c) => c.CONNECTOR !== 'postgres' || Boolean(c.DATABASE_URL)),
  rule(['CONNECTOR', 'DATABASE_READ_URL'], 'DATABASE_READ_URL is read only with CONNECTOR=postgres', (c) => c.CONNECTOR === 'postgres' || !c.DATABASE_READ_URL),
  // Injected faults are for showing the resilience policy on a laptop or in CI, never for clients with real keys.
  rule(
    ['CONNECTOR_FAULTS', 'SANDBOX_KEYS', 'CONNECTOR'],
    'CONNECTOR_FAULTS injects failures on purpose and is allowed only with SANDBOX_KEYS=true',
    (c) => c.CONNECTOR_FAULTS === undefined || sandboxKeysOf(c),
  ),
];
