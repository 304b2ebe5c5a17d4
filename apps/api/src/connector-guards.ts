import {
  ConnectorFaultsSpec,
  DEFAULT_RESILIENCE,
  withFaults,
  withResilience,
  type ConnectorObserver,
  type Connectors,
  type ResilienceSettings,
} from '@hotelapi/connectors';
import { z } from 'zod';

const positiveInt = z.coerce.number().int().positive();
const count = z.coerce.number().int().min(0);
const defaults = DEFAULT_RESILIENCE;

/**
 * Environment settings of the calls to data sources (README, "Configuration"); the defaults are
 * the connectors library's `DEFAULT_RESILIENCE`, so they are written down once.
 */
export const ConnectorGuardsEnv = z.object({
  /** Longest one attempt at a data source may take, in ms. */
  CONNECTOR_TIMEOUT_MS: positiveInt.default(defaults.attemptTimeoutMs),
  /** Longest a request may wait on data sources in all (attempts, retries, queueing), in ms. */
  CONNECTOR_DEADLINE_MS: positiveInt.default(defaults.deadlineMs),
  /** Most further attempts after a transient failure, within the deadline. */
  CONNECTOR_RETRIES: count.max(10).default(defaults.retries),
  /** A second attempt beside one that has not answered after this long, in ms; 0 turns hedging off. */
  CONNECTOR_HEDGE_MS: count.default(defaults.hedge.delayMs),
  CONNECTOR_RETRY_BASE_MS: positiveInt.default(defaults.backoff.initialDelayMs),
  CONNECTOR_RETRY_MAX_MS: positiveInt.default(defaults.backoff.maxDelayMs),
  /** Share of failed attempts among the last CONNECTOR_BREAKER_WINDOW that opens a port's breaker. */
  CONNECTOR_BREAKER_THRESHOLD: z.coerce.number().gt(0).lt(1).default(defaults.breaker.threshold),
  CONNECTOR_BREAKER_WINDOW: positiveInt.default(defaults.breaker.windowCalls),
  CONNECTOR_BREAKER_MIN_CALLS: positiveInt.default(defaults.breaker.minimumCalls),
  CONNECTOR_BREAKER_HALF_OPEN_MS: positiveInt.default(defaults.breaker.halfOpenAfterMs),
  /** Calls in flight at once per port, and calls that may wait for a slot. */
  CONNECTOR_MAX_CONCURRENT: positiveInt.default(defaults.bulkhead.maxConcurrent),
  CONNECTOR_MAX_QUEUED: count.default(defaults.bulkhead.maxQueued),
  /** How long a last good answer may be served when its source fails, in ms. */
  CONNECTOR_STALE_TTL_MS: positiveInt.default(defaults.stale.ttlMs),
  /** Bound on kept answers, in list entries (a review, a rate) plus one per answer. */
  CONNECTOR_STALE_MAX_ITEMS: positiveInt.default(defaults.stale.maxItems),
  /** Fault injection for demonstrations and tests; sandbox keys only. */
  CONNECTOR_FAULTS: ConnectorFaultsSpec.optional(),
});
export type ConnectorGuardsEnv = z.infer<typeof ConnectorGuardsEnv>;

export function resilienceSettingsOf(env: ConnectorGuardsEnv): ResilienceSettings {
  return {
    attemptTimeoutMs: env.CONNECTOR_TIMEOUT_MS,
    deadlineMs: env.CONNECTOR_DEADLINE_MS,
    retries: env.CONNECTOR_RETRIES,
    hedge: { delayMs: env.CONNECTOR_HEDGE_MS, share: defaults.hedge.share },
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
