import {
  bulkhead,
  circuitBreaker,
  CircuitState,
  CountBreaker,
  ExponentialBackoff,
  handleWhen,
  retry,
  TaskCancelledError,
  timeout,
  TimeoutStrategy,
  wrap,
  type IPolicy,
} from 'cockatiel';
import type { PortName } from '../intercept-ports.js';
import { HedgeBudget, hedgedAttempt } from './hedged-attempt.js';
import type { BreakerState, ConnectorObserver } from './observer.js';
import type { ResilienceSettings } from './settings.js';
import { asConnectorError, isSourceFailure } from './source-failure.js';

const BREAKER_STATES: Readonly<Record<CircuitState, BreakerState>> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half_open',
  [CircuitState.Isolated]: 'isolated',
};

/**
 * Timeouts reject at once (ports take no abort signal, so a late call is abandoned, not
 * cancelled) and do not abort their signal when the call returns: nothing listens to it, and
 * each abort would cost a DOMException with a stack trace, thousands per chain request.
 */
const ABANDON_ON_TIMEOUT = { strategy: TimeoutStrategy.Aggressive, abortOnReturn: false } as const;

/**
 * The guards of one port (one data source): from the outside in, retries with jittered
 * exponential backoff for source failures only, a hedge beside a slow attempt, a circuit breaker,
 * a bulkhead, and a timeout per attempt. A call that never answers is abandoned at its timeout,
 * its bulkhead slot freed.
 *
 * The breaker sits inside the retries and the hedge so that it counts attempts, hedges included,
 * and a breaker that opens mid-call stops the retries. The bulkhead sits inside the breaker so
 * that an open breaker turns calls away before they take a slot, and a full bulkhead is not
 * counted as the source's failure.
 */
export class PortGuard {
  private readonly retries: IPolicy<{ attempt: number; signal: AbortSignal }>;
  private readonly attempt: IPolicy<{ signal: AbortSignal }>;
  private readonly hedges: HedgeBudget;
  private openedAt = 0;

  constructor(
    private readonly port: PortName,
    private readonly source: string,
    private readonly settings: ResilienceSettings,
    observer: ConnectorObserver,
  ) {
    const sourceFailures = handleWhen(isSourceFailure);
    const retries = retry(sourceFailures, {
      maxAttempts: settings.retries,
      backoff: new ExponentialBackoff({ initialDelay: settings.backoff.initialDelayMs, maxDelay: settings.backoff.maxDelayMs }),
    });
    const breaker = circuitBreaker(sourceFailures, {
      halfOpenAfter: settings.breaker.halfOpenAfterMs,
      breaker: new CountBreaker({
        threshold: settings.breaker.threshold,
        size: settings.breaker.windowCalls,
        minimumNumberOfCalls: Math.min(settings.breaker.minimumCalls, settings.breaker.windowCalls),
      }),
    });
    breaker.onStateChange((state) => {
      if (state === CircuitState.Open) this.openedAt = Date.now();
      observer.breakerStateChanged?.({ port, source, state: BREAKER_STATES[state] });
    });
    const slots = bulkhead(settings.bulkhead.maxConcurrent, settings.bulkhead.maxQueued);
    const attemptTimeout = timeout(settings.attemptTimeoutMs, ABANDON_ON_TIMEOUT);
    this.retries = retries;
    this.attempt = wrap(breaker, slots, attemptTimeout);
    this.hedges = new HedgeBudget(settings.hedge.share);
  }

  /**
   * Runs `attempt` (again on a source failure, and beside itself when slow) within `deadlineMs`;
   * fails with a connector error. `attemptNo` counts retries; `hedge` marks a hedged attempt.
   */
  async run<T>(attempt: (attemptNo: number, hedge: boolean) => Promise<T>, deadlineMs: number): Promise<T> {
    try {
      // The request has spent its time already: asking the source now could only make it later.
      if (deadlineMs <= 0) throw new TaskCancelledError('no time left for this call');
      this.hedges.earn();
      return await timeout(deadlineMs, ABANDON_ON_TIMEOUT).execute(({ signal }) =>
        this.retries.execute(
          ({ attempt: attemptNo }) =>
            hedgedAttempt(
              (hedge) => this.attempt.execute(() => attempt(attemptNo, hedge), signal),
              this.settings.hedge.delayMs,
              () => !signal.aborted && this.hedges.spend(),
            ),
          signal,
        ),
      );
    } catch (error) {
      throw asConnectorError(error, `${this.source}:${this.port}`, () => this.breakerRetryAfterMs());
    }
  }

  /** How long until the open breaker lets a trial call through. */
  private breakerRetryAfterMs(): number {
    return Math.max(0, this.openedAt + this.settings.breaker.halfOpenAfterMs - Date.now());
  }
}
