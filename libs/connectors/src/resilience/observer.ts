import type { PortName } from '../intercept-ports.js';

/**
 * How a guarded call ended: `ok` when the source answered (a "no such property" included),
 * `stale` when it failed and a kept answer was served instead, else why it failed.
 */
export type CallOutcome = 'ok' | 'stale' | 'error' | 'timeout' | 'breaker_open' | 'bulkhead_full';

export type BreakerState = 'closed' | 'open' | 'half_open' | 'isolated';

/** Which call an event is about. `source` names the adapter (`sandbox`, `postgres`). */
export interface CallLabels {
  readonly port: PortName;
  readonly method: string;
  readonly source: string;
}

/**
 * What the resilience wrapper reports, for metrics and logs. Every method is optional and called
 * synchronously on the call's path, so it must be cheap and must not throw (a throw is swallowed).
 */
export interface ConnectorObserver {
  callStarted?(event: CallLabels): void;
  callEnded?(event: CallLabels & { readonly outcome: CallOutcome; readonly latencyMs: number }): void;
  /** Before attempt `attempt` (1 for the first retry). */
  retried?(event: CallLabels & { readonly attempt: number }): void;
  /** Before a hedge: a second attempt beside one that has not answered yet. */
  hedged?(event: CallLabels): void;
  breakerStateChanged?(event: { readonly port: PortName; readonly source: string; readonly state: BreakerState }): void;
  /** A kept answer `ageMs` old was served because the source failed. */
  staleServed?(event: CallLabels & { readonly ageMs: number }): void;
}

/**
 * Forwards every event to each observer, so metrics and tests can listen side by side. An observer
 * that throws is skipped for that event: telemetry must never fail a call.
 */
export function observeAll(...observers: readonly ConnectorObserver[]): ConnectorObserver {
  const each =
    <Name extends keyof ConnectorObserver>(name: Name) =>
    (event: Parameters<NonNullable<ConnectorObserver[Name]>>[0]) => {
      for (const observer of observers) {
        try {
          (observer[name] as ((event: unknown) => void) | undefined)?.call(observer, event);
        } catch {
          // Deliberately ignored, see above.
        }
      }
    };
  return {
    callStarted: each('callStarted'),
    callEnded: each('callEnded'),
    retried: each('retried'),
    hedged: each('hedged'),
    breakerStateChanged: each('breakerStateChanged'),
    staleServed: each('staleServed'),
  };
}
