import { createSandboxConnectors, DEFAULT_RESILIENCE, interceptPorts, UpstreamTimeoutError } from '@hotelapi/connectors';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { guardConnectors, isGuarded, resilienceSettingsOf } from './connector-guards.js';

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

describe('which sources are guarded', () => {
  const sandbox = createSandboxConnectors();
  const stay = { checkIn: '2027-03-10', checkOut: '2027-03-12', adults: 2, children: 0 };

  it('leaves the sandbox as it is: its answers are computed in this process', () => {
    expect(isGuarded(sandbox, loadConfig({}))).toBe(false);
    expect(guardConnectors(sandbox, loadConfig({}))).toBe(sandbox);
  });

  it('guards the sandbox with faults injected, and any source that is not in-process', async () => {
    const faulty = loadConfig({ CONNECTOR_FAULTS: 'timeoutRate=1,seed=7', CONNECTOR_RETRIES: '0', CONNECTOR_TIMEOUT_MS: '50' });
    expect(isGuarded(sandbox, faulty)).toBe(true);
    // Every call stalls: the guards abandon it at its timeout.
    await expect(guardConnectors(sandbox, faulty).rateShopper.shop('ACME001', stay)).rejects.toBeInstanceOf(UpstreamTimeoutError);
    const intercepted = interceptPorts(sandbox, ({ invoke }) => invoke());
    expect(intercepted.inProcess).toBe(false);
    expect(isGuarded(intercepted, loadConfig({}))).toBe(true);
    expect(isGuarded({ ...sandbox, inProcess: undefined }, loadConfig({}))).toBe(true);
  });
});
