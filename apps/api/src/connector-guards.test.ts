import { DEFAULT_RESILIENCE } from '@hotelapi/connectors';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { resilienceSettingsOf } from './connector-guards.js';

describe('data-source settings', () => {
  it('default to the documented policy', () => {
    expect(resilienceSettingsOf(loadConfig({}))).toEqual(DEFAULT_RESILIENCE);
    expect(loadConfig({}).CONNECTOR_FAULTS).toBeUndefined();
  });

  it('are read from the environment', () => {
    const settings = resilienceSettingsOf(
      loadConfig({ CONNECTOR_TIMEOUT_MS: '250', CONNECTOR_RETRIES: '0', CONNECTOR_BREAKER_THRESHOLD: '0.3', CONNECTOR_STALE_TTL_MS: '60000' }),
    );
    expect(settings).toMatchObject({ attemptTimeoutMs: 250, retries: 0, breaker: { threshold: 0.3 }, stale: { ttlMs: 60_000 } });
  });

  it('cancel an abandoned SQL statement when its attempt times out, unless told otherwise', () => {
    expect(loadConfig({}).DATABASE_STATEMENT_TIMEOUT_MS).toBe(DEFAULT_RESILIENCE.attemptTimeoutMs);
    expect(loadConfig({ CONNECTOR_TIMEOUT_MS: '250' }).DATABASE_STATEMENT_TIMEOUT_MS).toBe(250);
    expect(loadConfig({ CONNECTOR_TIMEOUT_MS: '250', DATABASE_STATEMENT_TIMEOUT_MS: '5000' }).DATABASE_STATEMENT_TIMEOUT_MS).toBe(5_000);
  });

  it('refuse a bad value, naming the variable', () => {
    expect(() => loadConfig({ CONNECTOR_BREAKER_THRESHOLD: '1.5' })).toThrow(/CONNECTOR_BREAKER_THRESHOLD/);
    expect(() => loadConfig({ CONNECTOR_FAULTS: 'errorRate=2' })).toThrow(/CONNECTOR_FAULTS: errorRate/);
  });

  it('allow CONNECTOR_FAULTS with the sandbox keys only', () => {
    expect(loadConfig({ CONNECTOR_FAULTS: 'errorRate=0.2,seed=7' }).CONNECTOR_FAULTS).toMatchObject({ errorRate: 0.2, seed: 7 });
    const refused = () => loadConfig({ CONNECTOR_FAULTS: 'errorRate=0.2', SANDBOX_KEYS: 'false' });
    expect(refused).toThrow(ConfigError);
    expect(refused).toThrow(/CONNECTOR_FAULTS .* only with SANDBOX_KEYS=true/);
  });
});
