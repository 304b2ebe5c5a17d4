import {
  DEFAULT_RESILIENCE,
  withFaults,
  withResilience,
  type ConnectorObserver,
  type Connectors,
  type ResilienceSettings,
} from '@hotelapi/connectors';
import type { Config } from './config/schema.js';

/** The settings of the calls to data sources (config/schema.ts, "Calls to data sources"). */
export type ConnectorGuardsEnv = Pick<Config, Extract<keyof Config, `CONNECTOR_${string}`>>;

export function resilienceSettingsOf(env: ConnectorGuardsEnv): ResilienceSettings {
  return {
    attemptTimeoutMs: env.CONNECTOR_TIMEOUT_MS,
    deadlineMs: env.CONNECTOR_DEADLINE_MS,
    retries: env.CONNECTOR_RETRIES,
    hedge: { delayMs: env.CONNECTOR_HEDGE_MS, share: DEFAULT_RESILIENCE.hedge.share },
    backoff: { initialDelayMs: env.CONNECTOR_RETRY_BASE_MS, maxDelayMs: env.CONNECTOR_RETRY_MAX_MS },
    breaker: {
      threshold: env.CONNECTOR_BREAKER_THRESHOLD,
      windowCalls: env.CONNECTOR_BREAKER_WINDOW,
      minimumCalls: env.CONNECTOR_BREAKER_MIN_CALLS,
      halfOpenAfterMs: env.CONNECTOR_BREAKER_HALF_OPEN_MS,
    },
    bulkhead: { maxConcurrent: env.CONNECTOR_MAX_CONCURRENT, maxQueued: env.CONNECTOR_MAX_QUEUED },
    stale: { ttlMs: env.CONNECTOR_STALE_TTL_MS, maxItems: env.CONNECTOR_STALE_MAX_ITEMS },
  };
}

/**
 * Whether calls to these connectors go through the resilience policy: a remote store's always,
 * an in-process source's (the sandbox) only when faults are injected into it. Unguarded, a
 * sandbox call would only pay for timers, a breaker and a kept copy it can never need: that was
 * about a third of a shopper request's CPU.
 */
export function isGuarded(connectors: Connectors, env: Pick<ConnectorGuardsEnv, 'CONNECTOR_FAULTS'>): boolean {
  return env.CONNECTOR_FAULTS !== undefined || connectors.inProcess !== true;
}

/**
 * The connectors every route and tool reads through: the configured faults first (so the guards
 * meet them as they would meet a real outage), then the resilience policy. The one place both
 * are applied.
 */
export function guardConnectors(
  connectors: Connectors,
  env: ConnectorGuardsEnv & { readonly CONNECTOR: string },
  observer?: ConnectorObserver,
): Connectors {
  if (!isGuarded(connectors, env)) return connectors;
  const source = env.CONNECTOR_FAULTS ? withFaults(connectors, env.CONNECTOR_FAULTS) : connectors;
  return withResilience(source, { settings: resilienceSettingsOf(env), source: env.CONNECTOR, observer });
}
