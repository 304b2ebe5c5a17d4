import { isIP } from 'node:net';
import { ChannelType } from '@hotelapi/domain';
import { z } from 'zod';
import { OPERATIONS_SETTINGS } from './operations-config.js';
import { ConnectorGuardsEnv } from './connector-guards.js';

/** Environment booleans: only the spellings an operator means, never "any non-empty string". */
const envBoolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const positiveInt = z.coerce.number().int().positive();

/**
 * Display names of the channels this deployment compares against, as `OTA_01=Name,CRS_01=Name`.
 * Only configured channels are shopped when a request names none.
 */
const channelNames = z
  .string()
  .transform((raw, ctx) => {
    const names: Partial<Record<ChannelType, string>> = {};
    for (const pair of raw.split(',').map((part) => part.trim()).filter(Boolean)) {
      const [code, ...rest] = pair.split('=');
      const channel = ChannelType.safeParse(code?.trim());
      const name = rest.join('=').trim();
      if (!channel.success || !name) {
        ctx.addIssue({ code: 'custom', message: `"${pair}" is not CHANNEL_CODE=Display name with a known channel code` });
        return z.NEVER;
      }
      names[channel.data] = name;
    }
    return names;
  });

/** Neutral display names for the sandbox; a deployment sets its own in CHANNEL_NAMES. */
const SANDBOX_CHANNEL_NAMES =
  'OTA_01=Travelnest,OTA_02=Roomfinder,OTA_03=Bookaroo,OTA_04=StayScout,OTA_05=Tripmarket,OTA_06=Hotelhop,' +
  'OTA_07=Nightly,OTA_08=Globetrot,CRS_01=Centralres,CRS_02=Resnet,CRS_03=Skybook';

/** proxy-addr's names for address ranges, accepted next to addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * Which proxies to believe about the client (X-Forwarded-For) and the protocol (X-Forwarded-Proto):
 * `false` none; `true` the nearest hop, whoever it is; or a comma list of the proxies' addresses
 * and CIDR ranges (`10.0.0.0/8,127.0.0.1`), so forwarded headers from anyone else are ignored.
 */
const trustProxy = z.string().transform((raw, ctx): false | number | string[] => {
  const value = raw.trim();
  if (value === 'true' || value === '1') return 1;
  if (value === 'false' || value === '0') return false;
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || wrong.length > 0) {
    ctx.addIssue({ code: 'custom', message: `expected true, false or a comma list of addresses and CIDR ranges; not ${wrong.join(', ') || 'empty'}` });
    return z.NEVER;
  }
  return entries;
});

const originList = z
  .string()
  .transform((raw) => raw.split(',').map((origin) => origin.trim()).filter(Boolean));

export const ConfigSchema = z.object({
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8443),
  /** Which connector adapter serves the data. */
  CONNECTOR: z.enum(['sandbox', 'postgres']).default('sandbox'),
  /**
   * postgres://user:password@host:port/database: the hotel data with CONNECTOR=postgres, and the
   * API keys whenever it is set (the key file is then not read).
   */
  DATABASE_URL: z
    .string()
    .refine((url) => /^postgres(ql)?:\/\//.test(url), 'must be a postgres:// URL')
    .optional(),
  /** Most connections to PostgreSQL this instance opens. */
  DATABASE_POOL_SIZE: positiveInt.default(10),
  /**
   * Longest one SQL statement may run before PostgreSQL cancels it. Unset, the same as
   * CONNECTOR_TIMEOUT_MS: a statement the resilience policy has given up on must not keep its pool
   * connection while the retries wait for one.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt.optional(),
  /** Sandbox mode adds the documented sandbox API keys. On by default with the sandbox connector. */
  SANDBOX_KEYS: envBoolean.optional(),
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  /** Where the self-signed development certificate is created and kept. */
  TLS_DIR: z.string().min(1).default('.data/tls'),
  /** Behind a TLS-terminating proxy: honour X-Forwarded-Proto / -For from these proxies. */
  TRUST_PROXY: trustProxy.default(false),
  API_KEYS_FILE: z.string().min(1).default('.data/api-keys.json'),
  /** On SIGTERM: how long to keep serving with /readyz at 503, so load balancers stop sending. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(5_000),
  /** On SIGTERM: the longest the whole shutdown may take before the process exits anyway (status 1). */
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(25_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests per window for each API key on the keyed endpoints. */
  RATE_LIMIT_MAX: positiveInt.default(600),
  /** Requests per window for each chain and client address on the keyless availability endpoint. */
  AVAILABILITY_RATE_LIMIT_MAX: positiveInt.default(300),
  RATE_LIMIT_WINDOW_MS: positiveInt.default(60_000),
  /** Failed authentications (malformed or unknown keys) per window for one client address. */
  AUTH_FAILURE_LIMIT_MAX: positiveInt.default(30),
  /** Redis for rate-limit budgets shared by every instance; unset, each instance counts alone. */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Prefix of every rate-limit key in Redis, so deployments can share one Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).default('hotel-api:rl:'),
  MAX_STAY_NIGHTS: positiveInt.default(30),
  MAX_ADVANCE_DAYS: positiveInt.default(365),
  CHANNEL_NAMES: channelNames.prefault(SANDBOX_CHANNEL_NAMES),
  /** Origins allowed to call /mcp from a browser (MCP's DNS-rebinding guard). Requests without Origin pass. */
  MCP_ALLOWED_ORIGINS: originList.default([]),
  /**
   * Host names `/mcp` answers to (MCP's DNS-rebinding guard), as `name` (any port) or `name:port`.
   * Default: HOST plus localhost, 127.0.0.1 and [::1] on any port, and MCP_RESOURCE_URL's host.
   */
  MCP_ALLOWED_HOSTS: originList.optional(),
  /**
   * This server's MCP endpoint as clients reach it (`https://api.example.com/mcp`): the `resource`
   * of the Protected Resource Metadata and the audience OAuth access tokens must carry. Default:
   * `https://<Host header>/mcp`, the Host having passed the guard above.
   */
  MCP_RESOURCE_URL: z.url({ protocol: /^https$/ }).optional(),
  /** An OAuth 2.1 authorization server whose JWT access tokens `/mcp` accepts besides API keys. */
  OAUTH_ISSUER: z
    .url({ protocol: /^https?$/ })
    // Plain HTTP only on loopback, where tests and local development run their provider.
    .refine((url) => url.startsWith('https:') || /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])[:/]/.test(`${url}/`), 'must be https (http only on loopback)')
    .optional(),
  /** Largest request body accepted, in bytes. */
  BODY_LIMIT_BYTES: positiveInt.default(100_000),
  ...OPERATIONS_SETTINGS,
  ...ConnectorGuardsEnv.shape,
});

export type Config = z.infer<typeof ConfigSchema>;

/** The settings the API runs with, resolved once at start-up. */
export interface ApiConfig extends Config {
  readonly sandboxKeys: boolean;
  /** Resolved: CONNECTOR_TIMEOUT_MS when unset. */
  readonly DATABASE_STATEMENT_TIMEOUT_MS: number;
  /** Resolved: half of CONNECTOR_DEADLINE_MS when unset. */
  readonly HEAVY_REQUESTS_MAX_WAIT_MS: number;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Reads and validates the environment; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const known = Object.fromEntries(
    Object.keys(ConfigSchema.shape).flatMap((name) => (env[name] === undefined || env[name] === '' ? [] : [[name, env[name]]])),
  );
  const parsed = ConfigSchema.safeParse(known);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  if (parsed.data.SHUTDOWN_DRAIN_MS >= parsed.data.SHUTDOWN_TIMEOUT_MS) {
    throw new ConfigError('Invalid configuration:\n  SHUTDOWN_DRAIN_MS must be shorter than SHUTDOWN_TIMEOUT_MS');
  }
  if (Boolean(parsed.data.TLS_CERT_FILE) !== Boolean(parsed.data.TLS_KEY_FILE)) {
    throw new ConfigError('Invalid configuration:\n  TLS_CERT_FILE and TLS_KEY_FILE must be set together');
  }
  if (parsed.data.CONNECTOR === 'postgres' && !parsed.data.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_URL: required with CONNECTOR=postgres');
  }
  const sandboxKeys = parsed.data.SANDBOX_KEYS ?? parsed.data.CONNECTOR === 'sandbox';
  // Injected faults are for showing the resilience policy on a laptop or in CI, never for clients with real keys.
  if (parsed.data.CONNECTOR_FAULTS && !sandboxKeys) {
    throw new ConfigError('Invalid configuration:\n  CONNECTOR_FAULTS injects failures on purpose and is allowed only with SANDBOX_KEYS=true');
  }
  return {
    ...parsed.data,
    DATABASE_STATEMENT_TIMEOUT_MS: parsed.data.DATABASE_STATEMENT_TIMEOUT_MS ?? parsed.data.CONNECTOR_TIMEOUT_MS,
    HEAVY_REQUESTS_MAX_WAIT_MS: parsed.data.HEAVY_REQUESTS_MAX_WAIT_MS ?? Math.floor(parsed.data.CONNECTOR_DEADLINE_MS / 2),
    sandboxKeys,
  };
}
