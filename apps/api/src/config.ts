import type { z } from 'zod';
import { ConfigSchema, sandboxKeysOf, SETTING_RULES, type Config, type SettingName } from './config/schema.js';

export { ConfigSchema, type Config } from './config/schema.js';

/** The settings the API runs with, resolved once at start-up. */
export interface ApiConfig extends Config {
  readonly sandboxKeys: boolean;
  /** Resolved: CONNECTOR_TIMEOUT_MS when unset. */
  readonly DATABASE_STATEMENT_TIMEOUT_MS: number;
  /** Resolved: half of CONNECTOR_DEADLINE_MS when unset. */
  readonly HEAVY_REQUESTS_MAX_WAIT_MS: number;
  /** Resolved: on with sandbox keys when unset. */
  readonly WEBHOOK_ALLOW_PRIVATE: boolean;
}

/** Every invalid setting, one line each; the entry point prints the message alone and exits 1. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration (docs/CONFIGURATION.md):\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  }
}

/** Reads and validates the environment; every bad value is reported at once, each by name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const config = readSettings(env, Object.keys(ConfigSchema.shape) as SettingName[]);
  return {
    ...config,
    DATABASE_STATEMENT_TIMEOUT_MS: config.DATABASE_STATEMENT_TIMEOUT_MS ?? config.CONNECTOR_TIMEOUT_MS,
    HEAVY_REQUESTS_MAX_WAIT_MS: config.HEAVY_REQUESTS_MAX_WAIT_MS ?? Math.floor(config.CONNECTOR_DEADLINE_MS / 2),
    sandboxKeys: sandboxKeysOf(config),
    WEBHOOK_ALLOW_PRIVATE: config.WEBHOOK_ALLOW_PRIVATE ?? sandboxKeysOf(config),
  };
}

/**
 * Reads only the named settings (a command such as `db:migrate` that needs a few), with the same
 * parsing and the same report as the service.
 */
export function readSettings<K extends SettingName>(env: NodeJS.ProcessEnv, names: readonly K[]): Pick<Config, K> {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const name of names) {
    // An empty value is unset: `FOO=` in a compose file or a ConfigMap means "the default".
    const raw = env[name] === '' ? undefined : env[name];
    const parsed = ConfigSchema.shape[name].safeParse(raw, { error: inPlainWords });
    if (parsed.success) values[name] = parsed.data;
    else problems.push(...parsed.error.issues.map((issue) => `${name}: ${issue.message}`));
  }
  // A rule is checked only when every setting it reads was asked for and parsed, so the partial
  // record holds what it reads.
  const read = values as Config;
  const wasRead = (name: string) => Object.hasOwn(values, name);
  for (const rule of SETTING_RULES) {
    if (rule.names.every(wasRead) && !rule.holds(read)) problems.push(rule.message);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return read;
}

/** zod's checks in an operator's words; the value itself is never repeated (it may be a secret). */
function inPlainWords(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'int') return 'must be a whole number';
      if (issue.expected === 'number') return 'must be a number';
      return undefined;
    case 'too_small':
      if (issue.origin === 'string') return `must have at least ${issue.minimum} characters`;
      return `must be ${issue.inclusive ? 'at least' : 'more than'} ${issue.minimum}`;
    case 'too_big':
      return `must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}`;
    case 'invalid_value':
      return `must be one of ${issue.values.join(', ')}`;
    case 'invalid_format':
      return issue.format === 'url' ? 'must be a URL' : undefined;
    default:
      return undefined;
  }
}
