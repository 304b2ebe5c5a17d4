import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { PropertyNotFoundError, UpstreamError, UpstreamTimeoutError, UpstreamUnavailableError } from '../errors.js';
import { interceptPorts, type PortCall } from '../intercept-ports.js';
import { createSandboxConnectors } from '../sandbox/index.js';
import { connectorScope, runInConnectorScope } from './connector-scope.js';
import type { BreakerState, CallOutcome, ConnectorObserver } from './observer.js';
import { DEFAULT_RESILIENCE, type ResilienceSettings } from './settings.js';
import { withResilience } from './with-resilience.js';

const sandbox = createSandboxConnectors({ now: () => new Date('2026-03-01T10:00:00Z') });
const STAY = { checkIn: '2026-04-10', checkOut: '2026-04-12', adults: 2, children: 0 };

/** Short enough for tests; the breaker opens after 4 failed attempts of the last 10. */
const SETTINGS: ResilienceSettings = {
  ...DEFAULT_RESILIENCE,
  attemptTimeoutMs: 40,
  deadlineMs: 300,
  retries: 2,
  backoff: { initialDelayMs: 1, maxDelayMs: 5 },
  breaker: { threshold: 0.5, windowCalls: 10, minimumCalls: 4, halfOpenAfterMs: 100 },
};

/** How long a `slow` call takes to answer: longer than a hedge waits, shorter than an attempt may take. */
const SLOW_MS = 30;
/** Hedges after 10 ms. */
const HEDGING: ResilienceSettings = { ...SETTINGS, hedge: { delayMs: 10, share: 0.1 } };

/** A breaker that needs a full window of failures, for tests about something else. */
const PATIENT_BREAKER: ResilienceSettings = { ...SETTINGS, breaker: { ...SETTINGS.breaker, minimumCalls: 10 } };

type Behaviour = 'answer' | 'slow' | 'fail' | 'hang' | 'not-found' | 'refuse' | 'bug';

/** The sandbox, whose calls behave as `next` says each time (it sees the call and how many came before). */
function scripted(next: (call: PortCall, index: number) => Behaviour) {
  let index = 0;
  const calls: string[] = [];
  const connectors = interceptPorts(sandbox, async (call) => {
    calls.push(`${call.port}.${call.method}`);
    switch (next(call, index++)) {
      case 'answer':
        return call.invoke();
      case 'slow':
        await sleep(SLOW_MS);
        return call.invoke();
      case 'fail':
        throw new UpstreamError('test', 'connection reset', { status: 503 });
      case 'refuse':
        throw new UpstreamError('test', 'bad request', { status: 400 });
      case 'bug':
        throw new TypeError("Cannot read properties of undefined (reading 'rates')");
      case 'not-found':
        throw new PropertyNotFoundError(String(call.args[0]));
      case 'hang':
        return new Promise(() => {
          // Never settles.
        });
    }
  });
  return { connectors, calls };
}

/** Everything the wrapper reports, in order. */
function recorder() {
  const events = { outcomes: [] as CallOutcome[], retries: 0, hedges: 0, breaker: [] as BreakerState[], stale: 0 };
  const observer: ConnectorObserver = {
    callEnded: ({ outcome }) => events.outcomes.push(outcome),
    retried: () => events.retries++,
    hedged: () => events.hedges++,
    breakerStateChanged: ({ state }) => events.breaker.push(state),
    staleServed: () => events.stale++,
  };
  return { events, observer };
}

describe('withResilience', () => {
  it('retries transient failures and answers', async () => {
    const { connectors, calls } = scripted((_, index) => (index < 2 ? 'fail' : 'answer'));
    const { events, observer } = recorder();
    const guarded = withResilience(connectors, { settings: SETTINGS, source: 'sandbox', observer });
    expect(await guarded.exchangeRates.getRate('EUR', 'USD')).toBeGreaterThan(0);
    expect(calls).toHaveLength(3);
    expect(events).toMatchObject({ retries: 2, outcomes: ['ok'] });
  });

  it('retries as often as its count allows within the deadline, not a fixed two', async () => {
    const { connectors, calls } = scripted((_, index) => (index < 5 ? 'fail' : 'answer'));
    const { events, observer } = recorder();
    const guarded = withResilience(connectors, { settings: { ...PATIENT_BREAKER, retries: 6 }, source: 'sandbox', observer });
    expect(await guarded.exchangeRates.getRate('EUR', 'USD')).toBeGreaterThan(0);
    expect(calls).toHaveLength(6);
    expect(events).toMatchObject({ retries: 5, outcomes: ['ok'] });
    // No attempt starts once the deadline has passed, however many the count would allow.
    const { connectors: failing, calls: tried } = scripted(() => 'fail');
    const slowBackoff = { ...PATIENT_BREAKER, retries: 10, deadlineMs: 100, backoff: { initialDelayMs: 60, maxDelayMs: 60 } };
    const late = withResilience(failing, { settings: slowBackoff, source: 'sandbox' }).exchangeRates.getRate('EUR', 'USD');
    await expect(late).rejects.toBeInstanceOf(UpstreamTimeoutError);
    await sleep(200);
    expect(tried.length).toBeLessThanOrEqual(3);
  });

  it('hedges an attempt that has not answered: the first answer wins, the hung one is not waited for', async () => {
    const { connectors, calls } = scripted((_, index) => (index === 0 ? 'hang' : 'answer'));
    const { events, observer } = recorder();
    // An attempt may take 5 s: only the hedge can answer in this test's time.
    const guarded = withResilience(connectors, { settings: { ...HEDGING, attemptTimeoutMs: 5_000, deadlineMs: 10_000 }, source: 'sandbox', observer });
    expect(await guarded.reviews.countReviews('ACME001')).toEqual(await sandbox.reviews.countReviews('ACME001'));
    expect(calls).toHaveLength(2);
    expect(events).toMatchObject({ hedges: 1, retries: 0, outcomes: ['ok'] });
  });

  it('waits for the first attempt when the hedge fails, and retries when both failed', async () => {
    const { connectors, calls } = scripted((_, index) => (['slow', 'fail'] as const)[index] ?? 'answer');
    const { events, observer } = recorder();
    const guarded = withResilience(connectors, { settings: { ...HEDGING, attemptTimeoutMs: 1_000, deadlineMs: 2_000 }, source: 'sandbox', observer });
    expect(await guarded.exchangeRates.getRate('EUR', 'USD')).toBeGreaterThan(0);
    expect(calls).toHaveLength(2);
    expect(events).toMatchObject({ hedges: 1, retries: 0, outcomes: ['ok'] });

    const { connectors: broken, calls: tried } = scripted((_, index) => (['hang', 'fail'] as const)[index] ?? 'answer');
    const { events: seen, observer: watching } = recorder();
    const retried = withResilience(broken, { settings: { ...HEDGING, attemptTimeoutMs: 200, deadlineMs: 3_000 }, source: 'sandbox', observer: watching });
    expect(await retried.exchangeRates.getRate('EUR', 'USD')).toBeGreaterThan(0);
    // The hung attempt timed out, the hedge failed: one retry answered.
    expect(tried).toHaveLength(3);
    expect(seen).toMatchObject({ hedges: 1, retries: 1, outcomes: ['ok'] });
  });

  it('hedges a source that is slow for every call no more than its budget allows, and its breaker stays closed', async () => {
    const { connectors, calls } = scripted(() => 'slow');
    const { events, observer } = recorder();
    // Attempts may take far longer than the slow answers, so none is retried.
    const guarded = withResilience(connectors, { settings: { ...HEDGING, attemptTimeoutMs: 1_000, deadlineMs: 2_000 }, source: 'sandbox', observer });
    for (let call = 0; call < 40; call++) await guarded.exchangeRates.getRate('EUR', 'USD');
    // A reserve of ten, then one hedge for every ten calls.
    expect(events.hedges).toBeLessThanOrEqual(10 + 4);
    expect(events.hedges).toBeGreaterThanOrEqual(10);
    await sleep(2 * SLOW_MS);
    expect(calls).toHaveLength(40 + events.hedges);
    // Each loser answered too, and was counted as the success it was.
    expect(events.breaker).toEqual([]);
    expect(events.outcomes.every((outcome) => outcome === 'ok')).toBe(true);
    expect(events.retries).toBe(0);
  });

  it('does not retry an answer ("no such property"), a request the upstream refused, or a bug', async () => {
    const expected = { 'not-found': PropertyNotFoundError, refuse: UpstreamError, bug: TypeError } as const;
    for (const behaviour of ['not-found', 'refuse', 'bug'] as const) {
      const { connectors, calls } = scripted(() => behaviour);
      const { events, observer } = recorder();
      const guarded = withResilience(connectors, { settings: SETTINGS, source: 'sandbox', observer });
      await expect(guarded.catalog.getProperty('ACME001')).rejects.toBeInstanceOf(expected[behaviour]);
      expect(calls).toHaveLength(1);
      expect(events.outcomes).toEqual([behaviour === 'not-found' ? 'ok' : 'error']);
    }
  });

  it('abandons each attempt at its timeout, retries, and gives up as a timeout', async () => {
    const { connectors, calls } = scripted(() => 'hang');
    const { events, observer } = recorder();
    // A deadline far beyond three attempts, so that a busy machine's late timers cannot cut the retries short.
    const settings = { ...SETTINGS, deadlineMs: 3_000 };
    const guarded = withResilience(connectors, { settings, source: 'sandbox', observer });
    const started = performance.now();
    const failure = guarded.rateShopper.shop('ACME001', STAY);
    await expect(failure).rejects.toBeInstanceOf(UpstreamTimeoutError);
    await expect(failure).rejects.toMatchObject({ code: 'upstream_timeout', upstream: 'sandbox:rateShopper' });
    // Three abandoned attempts of 40 ms, not the deadline.
    expect(performance.now() - started).toBeLessThan(settings.deadlineMs);
    expect(calls).toHaveLength(3);
    expect(events.outcomes).toEqual(['timeout']);
  });

  it('spends no more than what is left of the scope it runs in', async () => {
    const { connectors } = scripted(() => 'hang');
    const guarded = withResilience(connectors, { settings: { ...SETTINGS, attemptTimeoutMs: 5_000, deadlineMs: 10_000 }, source: 'sandbox' });
    const started = performance.now();
    await expect(runInConnectorScope(connectorScope(60), () => guarded.reviews.getReviews('ACME001'))).rejects.toBeInstanceOf(UpstreamTimeoutError);
    // The scope's 60 ms, not the 5 s an attempt may take (the slack is for a busy machine).
    expect(performance.now() - started).toBeLessThan(1_500);
    // A scope with no time left does not call the source at all.
    const { connectors: counted, calls } = scripted(() => 'answer');
    const late = withResilience(counted, { settings: SETTINGS, source: 'sandbox' });
    await expect(runInConnectorScope(connectorScope(0), () => late.reviews.getReviews('ACME001'))).rejects.toBeInstanceOf(UpstreamTimeoutError);
    expect(calls).toEqual([]);
  });

  it('serves the last good answer when the source fails, and marks the scope stale', async () => {
    let broken = false;
    const { connectors } = scripted(() => (broken ? 'fail' : 'answer'));
    const { events, observer } = recorder();
    const guarded = withResilience(connectors, { settings: PATIENT_BREAKER, source: 'sandbox', observer });
    const fresh = await guarded.rateShopper.shop('ACME001', STAY);
    broken = true;
    const scope = connectorScope(1_000);
    const stale = await runInConnectorScope(scope, () => guarded.rateShopper.shop('ACME001', STAY));
    expect(stale).toBe(fresh);
    // Still the time it was collected, not the time it was served.
    expect(stale.collectedAt).toEqual(fresh.collectedAt);
    expect(scope.stale).toBe(true);
    expect(events).toMatchObject({ stale: 1, outcomes: ['ok', 'stale'] });
    // Another request (another stay) has nothing kept: it fails.
    await expect(guarded.rateShopper.shop('ACME001', { ...STAY, adults: 1 })).rejects.toBeInstanceOf(UpstreamError);
  });

  it('keeps kept answers no longer than their time to live', async () => {
    let broken = false;
    const { connectors } = scripted(() => (broken ? 'fail' : 'answer'));
    const guarded = withResilience(connectors, { settings: { ...SETTINGS, stale: { ttlMs: 30, maxItems: 1_000 } }, source: 'sandbox' });
    await guarded.exchangeRates.getRate('EUR', 'USD');
    broken = true;
    await sleep(60);
    await expect(guarded.exchangeRates.getRate('EUR', 'USD')).rejects.toBeInstanceOf(UpstreamError);
  });

  it('opens the breaker under a dead source, turns calls away at once, and closes it once the source is back', async () => {
    let dead = true;
    const { connectors, calls } = scripted(({ port }) => (dead && port === 'reviews' ? 'fail' : 'answer'));
    const { events, observer } = recorder();
    // Long enough that a busy machine cannot half-open the breaker between two lines of this test.
    const settings = { ...SETTINGS, breaker: { ...SETTINGS.breaker, halfOpenAfterMs: 1_000 } };
    const guarded = withResilience(connectors, { settings, source: 'sandbox', observer });

    await expect(guarded.reviews.countReviews('ACME001')).rejects.toBeInstanceOf(UpstreamError);
    // The fourth failed attempt opens it, and the retry after it is turned away.
    const refused = guarded.reviews.countReviews('ACME002');
    await expect(refused).rejects.toBeInstanceOf(UpstreamUnavailableError);
    await expect(refused).rejects.toMatchObject({ reason: 'breaker_open', code: 'upstream_unavailable' });
    expect(events.breaker).toEqual(['open']);
    const attempts = calls.length;
    const whileOpen = guarded.reviews.countReviews('ACME003');
    await expect(whileOpen).rejects.toMatchObject({ reason: 'breaker_open' });
    const { retryAfterMs } = (await whileOpen.catch((error: unknown) => error)) as UpstreamUnavailableError;
    expect(retryAfterMs).toBeGreaterThan(0);
    expect(retryAfterMs).toBeLessThanOrEqual(settings.breaker.halfOpenAfterMs);
    expect(calls).toHaveLength(attempts);
    // Other ports have breakers of their own.
    expect(await guarded.exchangeRates.getRate('EUR', 'EUR')).toBe(1);

    dead = false;
    await sleep(settings.breaker.halfOpenAfterMs + 20);
    expect(await guarded.reviews.countReviews('ACME001')).toEqual(await sandbox.reviews.countReviews('ACME001'));
    expect(events.breaker).toEqual(['open', 'half_open', 'closed']);
  });

  it('bounds the calls in flight on a port and turns away what does not fit the queue', async () => {
    const { connectors } = scripted(() => 'hang');
    const guarded = withResilience(connectors, {
      settings: { ...SETTINGS, attemptTimeoutMs: 200, retries: 0, bulkhead: { maxConcurrent: 2, maxQueued: 1 } },
      source: 'sandbox',
    });
    const running = [1, 2, 3].map(() => guarded.bookingEngine.getLowestMonthlyRates('ACME001', '2026-04-01', 3).catch((error: unknown) => error));
    await expect(guarded.bookingEngine.getLowestMonthlyRates('ACME001', '2026-04-01', 3)).rejects.toMatchObject({
      reason: 'bulkhead_full',
      retryAfterMs: 1_000,
    });
    for (const settled of await Promise.all(running)) expect(settled).toBeInstanceOf(UpstreamTimeoutError);
  });

  it('keeps a failing observer from failing the call', async () => {
    const guarded = withResilience(sandbox, {
      settings: SETTINGS,
      source: 'sandbox',
      observer: {
        callStarted: () => {
          throw new Error('metrics are down');
        },
      },
    });
    expect(await guarded.exchangeRates.getRate('EUR', 'EUR')).toBe(1);
  });
});
