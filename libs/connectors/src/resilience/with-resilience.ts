import { performance } from 'node:perf_hooks';
import { ConnectorError, UpstreamError, UpstreamTimeoutError, UpstreamUnavailableError } from '../errors.js';
import { interceptPorts, type PortName } from '../intercept-ports.js';
import type { Connectors } from '../ports/index.js';
import { currentConnectorScope } from './connector-scope.js';
import { observeAll, type CallLabels, type CallOutcome, type ConnectorObserver } from './observer.js';
import { PortGuard } from './port-guard.js';
import type { ResilienceSettings } from './settings.js';
import { mayServeStale } from './source-failure.js';
import { StaleAnswers } from './stale-answers.js';

export interface ResilienceOptions {
  readonly settings: ResilienceSettings;
  /** Names the adapter in errors and events, e.g. `sandbox`. */
  readonly source: string;
  readonly observer?: ConnectorObserver;
}

/**
 * The same connectors with every call guarded: each port (each data source) gets its own retries,
 * hedges, circuit breaker, bulkhead and attempt timeout (see `PortGuard`), and every call a deadline: what
 * is left of its request's (the `ConnectorScope` it runs in), at most `settings.deadlineMs`.
 *
 * The last good answer of each call is kept; when the source fails (or its breaker or bulkhead
 * turns the call away), that answer is served instead and the scope is marked stale. Answers
 * carry their own times (`collectedAt`, `updatedAt`), so a stale answer still says when it was
 * true. Without a kept answer the call fails with `UpstreamTimeoutError`,
 * `UpstreamUnavailableError` or the source's own error.
 */
export function withResilience(connectors: Connectors, { settings, source, observer: given = {} }: ResilienceOptions): Connectors {
  const observer = observeAll(given);
  const guards = new Map<PortName, PortGuard>();
  const guardOf = (port: PortName) => {
    let guard = guards.get(port);
    if (!guard) guards.set(port, (guard = new PortGuard(port, source, settings, observer)));
    return guard;
  };
  const kept = new StaleAnswers(settings.stale);

  return interceptPorts(connectors, async (call) => {
    const labels: CallLabels = { port: call.port, method: call.method, source };
    const scope = currentConnectorScope();
    const deadlineMs = Math.min(settings.deadlineMs, scope ? scope.deadlineAt - Date.now() : settings.deadlineMs);
    const started = performance.now();
    const ended = (outcome: CallOutcome) => observer.callEnded?.({ ...labels, outcome, latencyMs: performance.now() - started });
    observer.callStarted?.(labels);
    try {
      const value = await guardOf(call.port).run((attempt, hedge) => {
        if (hedge) observer.hedged?.(labels);
        else if (attempt > 0) observer.retried?.({ ...labels, attempt });
        return call.invoke();
      }, deadlineMs);
      kept.remember(call, value);
      ended('ok');
      return value;
    } catch (error) {
      const answer = mayServeStale(error) ? kept.recall(call) : undefined;
      if (answer) {
        if (scope) scope.stale = true;
        observer.staleServed?.({ ...labels, ageMs: Date.now() - answer.keptAt });
        ended('stale');
        return answer.value;
      }
      ended(outcomeOf(error));
      throw error;
    }
  });
}

function outcomeOf(error: unknown): CallOutcome {
  if (error instanceof UpstreamTimeoutError) return 'timeout';
  if (error instanceof UpstreamUnavailableError) return error.reason;
  // A "no such property" is the source answering; an upstream's 4xx, or an error nobody classified, is not.
  return error instanceof ConnectorError && !(error instanceof UpstreamError) ? 'ok' : 'error';
}
