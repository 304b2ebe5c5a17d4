import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_RESILIENCE } from '@hotelapi/connectors';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, readSettings } from './config.js';
import { ConfigSchema, SETTING_AREAS, SETTING_DOCS } from './config/schema.js';

const run = promisify(execFile);

/** Several mistakes at once, of every kind: numbers, names, URLs, lists and rules between settings. */
const MISTAKES = {
  PORT: 'eighty',
  RATE_LIMIT_MAX: '-1',
  CONNECTOR_RETRIES: '2.5',
  LOG_LEVEL: 'loud',
  REDIS_URL: 'http://redis:6379',
  METRICS_TOKEN: 'short',
  TRUST_PROXY: '10.0.0.0/8,proxy.internal',
  SHUTDOWN_DRAIN_MS: '30000',
  SHUTDOWN_TIMEOUT_MS: '20000',
  TLS_CERT_FILE: '/etc/hotel-api/tls.crt',
  CONNECTOR: 'postgres',
  CONNECTOR_FAULTS: 'errorRate=0.2',
};

const REPORT = [
  'Invalid configuration (docs/CONFIGURATION.md):',
  '  PORT: must be a number',
  '  TRUST_PROXY: expected true, false or a comma list of addresses and CIDR ranges; not proxy.internal',
  '  RATE_LIMIT_MAX: must be more than 0',
  '  REDIS_URL: must be a redis:// or rediss:// URL',
  '  CONNECTOR_RETRIES: must be a whole number',
  '  LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
  '  METRICS_TOKEN: must have at least 16 characters',
  '  SHUTDOWN_DRAIN_MS must be shorter than SHUTDOWN_TIMEOUT_MS',
  '  TLS_CERT_FILE and TLS_KEY_FILE must be set together',
  '  DATABASE_URL is required with CONNECTOR=postgres',
  '  CONNECTOR_FAULTS injects failures on purpose and is allowed only with SANDBOX_KEYS=true',
].join('\n');

describe('the configuration', () => {
  it('names every invalid variable at once, each with why, in one message', () => {
    expect(() => loadConfig(MISTAKES)).toThrow(ConfigError);
    expect(() => loadConfig(MISTAKES)).toThrow(REPORT);
  });

  it('starts with nothing set, and reads an empty value as unset', () => {
    const config = loadConfig({ PORT: '', CONNECTOR_TIMEOUT_MS: '' });
    expect(config).toMatchObject({ PORT: 8443, CONNECTOR: 'sandbox', sandboxKeys: true, CONNECTOR_TIMEOUT_MS: DEFAULT_RESILIENCE.attemptTimeoutMs });
    expect(config.HEAVY_REQUESTS_MAX_WAIT_MS).toBe(Math.floor(DEFAULT_RESILIENCE.deadlineMs / 2));
  });

  it('documents every variable in one area, with an example the schema accepts', () => {
    const listed = SETTING_AREAS.flatMap((area) => area.names);
    expect(listed.toSorted()).toEqual(Object.keys(ConfigSchema.shape).toSorted());
    for (const [name, schema] of Object.entries(ConfigSchema.shape)) {
      const doc = SETTING_DOCS.get(schema);
      expect(doc?.meaning, name).toBeTruthy();
      expect(schema.safeParse(doc?.example).success, `${name}=${doc?.example}`).toBe(true);
    }
  });

  it('reads only the settings a command asks for (db:migrate)', () => {
    expect(readSettings({ DATABASE_URL: 'postgres://h/db', PORT: 'eighty' }, ['DATABASE_URL'])).toEqual({ DATABASE_URL: 'postgres://h/db' });
    expect(() => readSettings({ DATABASE_URL: 'mysql://h/db' }, ['DATABASE_URL'])).toThrow('DATABASE_URL: must be a postgres:// URL');
  });

  it('stops the real entry point with that one block and status 1, no stack trace', { timeout: 60_000 }, async () => {
    const tsx = createRequire(import.meta.url).resolve('tsx');
    const started = run(process.execPath, ['--conditions=@hotelapi/source', '--import', tsx, join(import.meta.dirname, 'main.ts')], {
      env: { ...process.env, ...MISTAKES },
    });
    const failure = (await started.then(() => undefined, (error: unknown) => error)) as { code: number; stdout: string; stderr: string };
    expect(failure.code).toBe(1);
    expect(failure.stdout).toBe('');
    expect(failure.stderr).toBe(`${REPORT}\n`);
  });
});
