import {
  createSandboxConnectors,
  DEFAULT_RESILIENCE,
  interceptPorts,
  UpstreamError,
  UpstreamTimeoutError,
  type AvailabilityRequest,
  type BreakerState,
  type ChainAvailability,
  type CallOutcome,
  type ConnectorObserver,
  type Connectors,
} from '@hotelapi/connectors';
import { AvailabilityError, AvailabilityMultiResponse, ErrorEnvelope, McpToolName, ReviewsResponse, ShopperResponse } from '@hotelapi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AUTH, startApi, TEST_NOW, type RunningApi, type TestResponse } from './test-support/start-api.js';

/**
 * The resilience policy against the real server over HTTPS: injected faults (CONNECTOR_FAULTS), a
 * source that dies and comes back, and sources that never answer. The first test runs the defaults;
 * the others shorten timeouts so the run stays quick. Each test derives its time bound from the
 * configured deadline.
 */

/**
 * Room for what the deadline does not cover: TLS, JSON, the sandbox's own computing, and timers
 * firing late while the same process serves many requests on a busy machine.
 */
const SLACK_MS = 1_500;

/** A three-night stay TEST_NOW allows; `offset` moves it by days, so each one is a fresh request (nothing kept). */
function stay(offset = 0): string {
  const [checkIn, checkOut] = [10, 13].map((day) => new Date(Date.UTC(2026, 11, day + offset)).toISOString().slice(0, 10));
  return `checkIn=${checkIn}&checkOut=${checkOut}`;
}

/** Chain availability for `chainCode` over `stay(offset)` (this endpoint spells the dates in lower case). */
function chainPath(chainCode: string, offset: number): string {
  return `/v1/availability/multi?chainCode=${chainCode}&${stay(offset).replace('checkIn', 'checkin').replace('checkOut', 'checkout')}&currency=EUR`;
}

/** Every event the resilience wrapper reports, kept for the assertions. */
function recorder() {
  const seen = { outcomes: [] as CallOutcome[], longestCallMs: 0, retries: 0, hedges: 0, stale: 0, breaker: [] as { port: string; state: BreakerState }[] };
  const observer: ConnectorObserver = {
    callEnded: ({ outcome, latencyMs }) => {
      seen.outcomes.push(outcome);
      seen.longestCallMs = Math.max(seen.longestCallMs, latencyMs);
    },
    retried: () => seen.retries++,
    hedged: () => seen.hedges++,
    staleServed: () => seen.stale++,
    breakerStateChanged: ({ port, state }) => seen.breaker.push({ port, state }),
  };
  return { seen, observer };
}

/** Runs `tasks` with at most `width` at once. */
async function inParallel<T>(width: number, tasks: readonly (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  // One iterator shared by every worker: each task is taken once.
  const queue = tasks.entries();
  const worker = async () => {
    for (const [index, task] of queue) results[index] = await task();
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

/** A response and how long it took. */
async function timed(request: () => Promise<TestResponse>): Promise<TestResponse & { elapsedMs: number }> {
  const started = performance.now();
  const response = await request();
  return { ...response, elapsedMs: performance.now() - started };
}

/** An envelope error of the upstream family: 502 failed, 503 unavailable (with Retry-After), 504 timed out. */
function expectUpstreamEnvelope(response: TestResponse): void {
  expect([502, 503, 504], response.text).toContain(response.status);
  const body = ErrorEnvelope.parse(response.body);
  expect(body.error.type).toBe('upstream_error');
  const code = { 502: 'upstream_failed', 503: 'upstream_unavailable', 504: 'upstream_timeout' }[response.status as 502 | 503 | 504];
  expect(body.error.code).toBe(code);
  if (response.status === 503) expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

describe('the defaults, with nothing set but CONNECTOR_FAULTS=errorRate=0.2,timeoutRate=0.01', () => {
  const { seen, observer } = recorder();
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({
      // The client's rate limit, not the data sources' settings: 1,000 requests from one key.
      env: { CONNECTOR_FAULTS: 'errorRate=0.2,timeoutRate=0.01,seed=7', RATE_LIMIT_MAX: '10000' },
      connectorObserver: observer,
    });
  });
  afterAll(() => api.close());

  /** Of each, shopper and reviews: one per MEGA property, so no two ask the same question. */
  const REQUESTS = 500;
  const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'JPY', 'SEK', 'PLN'];
  const mega = (index: number) => `MEGA${String(index + 1).padStart(4, '0')}`;

  it('answers at least 99% of distinct shopper and reviews requests fresh, none later than its deadline, the breaker closed', { timeout: 180_000 }, async () => {
    const paths = [
      ...Array.from({ length: REQUESTS }, (_, i) => `/v1/shopper/${mega(i)}?${stay(i % 40)}&adults=${1 + (i % 3)}&currency=${CURRENCIES[i % CURRENCIES.length]}`),
      ...Array.from({ length: REQUESTS }, (_, i) => `/v1/reviews/${mega(i)}`),
    ];
    const responses = await inParallel(8, paths.map((path) => () => timed(() => api.get(path, SANDBOX_AUTH))));

    // A kept answer (a property or an exchange rate asked before) does not count: only retries and hedges do.
    const fresh = responses.filter((response) => response.status === 200 && response.headers['x-data-stale'] === undefined);
    console.log(
      `defaults under faults: ${fresh.length}/${responses.length} fresh 200, ${seen.retries} retries, ${seen.hedges} hedges, ` +
        `longest call ${Math.round(seen.longestCallMs)} ms, slowest request ${Math.round(Math.max(...responses.map((response) => response.elapsedMs)))} ms`,
    );
    expect(fresh.length / responses.length).toBeGreaterThanOrEqual(0.99);
    // The deadline is a promise about correctness: no request waits on its sources past it, hung calls included.
    const deadlineMs = DEFAULT_RESILIENCE.deadlineMs;
    expect(seen.longestCallMs).toBeLessThan(deadlineMs + SLACK_MS);
    for (const [index, response] of responses.entries()) {
      expect(response.elapsedMs).toBeLessThan(deadlineMs + SLACK_MS);
      if (response.status !== 200) {
        expectUpstreamEnvelope(response);
        continue;
      }
      const body = index < REQUESTS ? ShopperResponse.parse(response.body) : ReviewsResponse.parse(response.body);
      // A kept answer says so, in the header and in the envelope alike.
      expect(response.headers['x-data-stale'] === 'true').toBe(body.metadata.stale === true);
    }
    // One attempt in five failing, hedges counted among them, is far from the breaker's one in two.
    expect(seen.breaker).toEqual([]);
    // The faults were real: retries covered the failures, hedges the calls that never answered.
    expect(seen.retries).toBeGreaterThan(REQUESTS / 4);
    expect(seen.hedges).toBeGreaterThan(0);
  });
});

describe('CONNECTOR_FAULTS=errorRate=0.2,timeoutRate=0.01 with short timeouts', () => {
  const DEADLINE_MS = 1_000;
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({
      env: {
        CONNECTOR_FAULTS: 'errorRate=0.2,timeoutRate=0.01,seed=7',
        CONNECTOR_TIMEOUT_MS: '100',
        CONNECTOR_DEADLINE_MS: String(DEADLINE_MS),
        CONNECTOR_RETRY_BASE_MS: '5',
        CONNECTOR_RETRY_MAX_MS: '20',
        RATE_LIMIT_MAX: '10000',
      },
    });
  });
  afterAll(() => api.close());

  it('answers chain availability, naming any property that did not answer', async () => {
    const responses = await inParallel(
      4,
      Array.from({ length: 12 }, (_, i) => () => timed(() => api.get(chainPath('ACME', i)))),
    );
    for (const response of responses) {
      expect(response.elapsedMs).toBeLessThan(3 * DEADLINE_MS + SLACK_MS);
      // Every exchange rate is asked once per request; one that fails three times fails the request, in this endpoint's shape.
      if (response.status !== 200) {
        expect([502, 503, 504], response.text).toContain(response.status);
        AvailabilityError.parse(response.body);
        continue;
      }
      const answer = AvailabilityMultiResponse.parse(response.body);
      expect(response.headers['x-partial-result']).toBe(answer.unavailableProperties ? 'true' : undefined);
      expect(answer.hotels.length + (answer.unavailableProperties?.length ?? 0)).toBeGreaterThan(30);
    }
  });
});

describe('a source that dies and comes back', () => {
  /** Long enough that a busy machine cannot half-open the breaker between two requests of the test. */
  const HALF_OPEN_MS = 1_500;
  const { seen, observer } = recorder();
  const rateShopper = { dead: false, calls: 0 };
  let api: RunningApi;
  beforeAll(async () => {
    const sandbox = createSandboxConnectors({ now: () => TEST_NOW });
    // The rate shopper's upstream, switchable between answering and refusing every connection.
    const connectors = interceptPorts(sandbox, async (call) => {
      if (call.port !== 'rateShopper') return call.invoke();
      rateShopper.calls++;
      if (rateShopper.dead) throw new UpstreamError('rate-shopper', 'connect ECONNREFUSED', { status: 503 });
      return call.invoke();
    });
    api = await startApi({
      connectors,
      env: {
        CONNECTOR_RETRY_BASE_MS: '5',
        CONNECTOR_RETRY_MAX_MS: '10',
        // Three attempts a request, so the assertions below can count when the breaker opens.
        CONNECTOR_RETRIES: '2',
        CONNECTOR_BREAKER_WINDOW: '10',
        CONNECTOR_BREAKER_MIN_CALLS: '10',
        CONNECTOR_BREAKER_HALF_OPEN_MS: String(HALF_OPEN_MS),
        // Each request must reach the source, dead or alive: none reuses an answer from before.
        PROPERTY_ANSWER_CACHE_MS: '0',
      },
      connectorObserver: observer,
    });
  });
  afterAll(() => api.close());

  it('serves the last good answer marked stale, opens the breaker, turns calls away, and closes it after recovery', async () => {
    const known = await api.get(`/v1/shopper/ACME001?${stay()}`, SANDBOX_AUTH);
    expect(known.status).toBe(200);
    expect(known.headers['x-data-stale']).toBeUndefined();
    expect(known.body.metadata.stale).toBeUndefined();

    rateShopper.dead = true;
    // A request answered before: its last good answer, marked, with its own collection time.
    const stale = await api.get(`/v1/shopper/ACME001?${stay()}`, SANDBOX_AUTH);
    expect(stale.status).toBe(200);
    expect(stale.headers['x-data-stale']).toBe('true');
    const staleBody = ShopperResponse.parse(stale.body);
    expect(staleBody.metadata.stale).toBe(true);
    expect(staleBody.metadata.collectedAt).toBe(known.body.metadata.collectedAt);
    expect(staleBody.data).toEqual(known.body.data);

    // New requests have nothing kept: 502 while the breaker counts, then 503 once it opens.
    const failures: TestResponse[] = [];
    for (let offset = 1; offset <= 4; offset++) failures.push(await api.get(`/v1/shopper/ACME001?${stay(offset)}`, SANDBOX_AUTH));
    for (const failure of failures) expectUpstreamEnvelope(failure);
    expect(failures[0]?.status).toBe(502);
    expect(failures.at(-1)?.status).toBe(503);
    expect(seen.breaker).toEqual([{ port: 'rateShopper', state: 'open' }]);

    const callsWhileOpen = rateShopper.calls;
    const refused = await api.get(`/v1/shopper/ACME002?${stay()}`, SANDBOX_AUTH);
    expectUpstreamEnvelope(refused);
    expect(refused.status).toBe(503);
    // What is left of the breaker's 1.5 s, in whole seconds.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(2);
    expect(rateShopper.calls).toBe(callsWhileOpen);
    // Other data sources have breakers of their own: reviews still answer.
    expect((await api.get('/v1/reviews/ACME002', SANDBOX_AUTH)).status).toBe(200);

    rateShopper.dead = false;
    await new Promise((resolve) => setTimeout(resolve, HALF_OPEN_MS + 50));
    const recovered = await api.get(`/v1/shopper/ACME002?${stay()}`, SANDBOX_AUTH);
    expect(recovered.status).toBe(200);
    expect(recovered.headers['x-data-stale']).toBeUndefined();
    expect(seen.breaker.map(({ state }) => state)).toEqual(['open', 'half_open', 'closed']);
    expect((await api.get(`/v1/shopper/ACME001?${stay()}`, SANDBOX_AUTH)).headers['x-data-stale']).toBeUndefined();
  });
});

describe('a source that never answers', () => {
  const DEADLINE_MS = 400;
  /** `port` or `port.method` entries that hang; everything else answers. */
  const hung = new Set<string>();
  let api: RunningApi;

  /** The sandbox, except the calls `hung` names, which never settle. */
  function hanging(sandbox: Connectors): Connectors {
    return interceptPorts(sandbox, async (call) => {
      if (call.method === 'getChainAvailability') return chainWithLateProperties(sandbox, call.args);
      const hangs = hung.has(call.port) || hung.has(`${call.port}.${call.method}`) || hung.has(`${call.port}:${String(call.args[0])}`);
      if (!hangs) return call.invoke();
      return new Promise(() => {
        // Never settles.
      });
    });
  }

  /**
   * The chain-wide lookup as an engine with a per-property timeout answers it: a whole hung engine
   * never answers; a hung property (`bookingEngine:CODE`) is reported as a failure beside the rest.
   */
  async function chainWithLateProperties(sandbox: Connectors, [codes, request]: readonly unknown[]): Promise<ChainAvailability> {
    if (hung.has('bookingEngine') || hung.has('bookingEngine.getChainAvailability')) {
      return new Promise(() => {
        // Never settles.
      });
    }
    const late = (codes as string[]).filter((code) => hung.has(`bookingEngine:${code}`));
    const answered = await sandbox.bookingEngine.getChainAvailability(
      (codes as string[]).filter((code) => !late.includes(code)),
      request as AvailabilityRequest,
    );
    const failures = late.map((propertyCode) => ({ propertyCode, error: new UpstreamTimeoutError('test-engine', `${propertyCode} did not answer in time`) }));
    return { properties: answered.properties, failures: [...answered.failures, ...failures] };
  }

  beforeAll(async () => {
    api = await startApi({
      connectors: hanging(createSandboxConnectors({ now: () => TEST_NOW })),
      env: {
        CONNECTOR_TIMEOUT_MS: '150',
        CONNECTOR_DEADLINE_MS: String(DEADLINE_MS),
        // These tests are about deadlines; the breaker is shown above.
        CONNECTOR_BREAKER_MIN_CALLS: '50',
      },
    });
    // The sandbox generates a chain's properties on first use; that is not what these tests time.
    expect((await api.get(chainPath('ACME', 0))).status).toBe(200);
    expect((await api.get('/v1/reviews/ACME004', SANDBOX_AUTH)).status).toBe(200);
  });
  afterAll(() => api.close());

  const during = async (hanging: readonly string[], request: () => Promise<TestResponse>) => {
    for (const entry of hanging) hung.add(entry);
    try {
      const response = await timed(request);
      expect(response.elapsedMs).toBeLessThan(DEADLINE_MS + SLACK_MS);
      return response;
    } finally {
      hung.clear();
    }
  };

  it('documents what a client may meet: metadata.stale, unavailableProperties and the upstream errors', async () => {
    const { components, paths } = (await api.get('/openapi.json')).body;
    expect(components.schemas.ResponseMetadata.properties.stale.type).toBe('boolean');
    expect(components.schemas.ResponseMetadata.required).not.toContain('stale');
    expect(components.schemas.AvailabilityMultiResponse.properties.unavailableProperties.type).toBe('array');
    for (const path of ['/v1/shopper/{code}', '/v1/reviews/{code}', '/v1/availability/multi']) {
      expect(Object.keys(paths[path].get.responses)).toEqual(expect.arrayContaining(['502', '503', '504']));
    }
  });

  it('answers the shopper with a 504 in the envelope by the deadline', async () => {
    const response = await during(['rateShopper'], () => api.get(`/v1/shopper/ACME003?${stay(20)}`, SANDBOX_AUTH));
    expect(response.status).toBe(504);
    expectUpstreamEnvelope(response);
  });

  it('answers reviews with a 504 in the envelope by the deadline', async () => {
    // Not ACME004: its reviews were read before, and that kept answer would be served (stale) instead.
    const response = await during(['reviews.getReviews'], () => api.get('/v1/reviews/ACME008', SANDBOX_AUTH));
    expect(response.status).toBe(504);
    expectUpstreamEnvelope(response);
  });

  it('answers chain availability without a property the engine could not read in time, naming it', async () => {
    const response = await during(['bookingEngine:ACME005'], () => api.get(chainPath('ACME', 21)));
    expect(response.status, response.text).toBe(200);
    const answer = AvailabilityMultiResponse.parse(response.body);
    expect(answer.unavailableProperties).toEqual(['ACME005']);
    expect(answer.hotels.map((hotel) => hotel.code)).not.toContain('ACME005');
    expect(answer.hotels.length).toBeGreaterThan(30);
    expect(response.headers['x-partial-result']).toBe('true');
  });

  it('answers chain availability with a 503 and Retry-After in its own shape when no property answered', async () => {
    const response = await during(['bookingEngine'], () => api.get(chainPath('BLUE', 22)));
    expect(response.status).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const body = AvailabilityError.parse(response.body);
    expect(body.message).toMatch(/BLUE/);
    expect(response.headers['x-partial-result']).toBeUndefined();
  });

  /** Arguments each tool accepts besides `hotelCode`. */
  const ARGUMENTS: Record<McpToolName, Record<string, unknown>> = {
    get_property_info: {},
    get_property_rooms: {},
    get_property_reviews: {},
    get_property_lowest_monthly_rates: {},
    shop_property_rate: { checkIn: '2026-12-10', checkOut: '2026-12-13' },
    get_property_availability_single: { checkIn: '2026-12-10', checkOut: '2026-12-13', adults: 2, currency: 'EUR' },
    get_property_parity: { from: '2026-12-10', to: '2026-12-13' },
  };

  /** Each tool asks for a property never read before, so that no kept answer can stand in. */
  const TOOL_CALLS = McpToolName.options.map((name, index) => [name, `MEGA0${101 + index}`] as const);

  it.each(TOOL_CALLS)('answers the MCP tool %s with an isError result saying the source is unavailable', async (name, hotelCode) => {
    // Every call a tool could make hangs, the property lookup included (only the start-up chain list answered).
    const ports = ['catalog.getProperty', 'catalog.getChain', 'rateShopper', 'reviews', 'bookingEngine', 'exchangeRates'];
    const call = { name, arguments: { hotelCode, ...ARGUMENTS[name] } };
    const response = await during(ports, () =>
      api.request('POST', '/mcp', {
        headers: { ...SANDBOX_AUTH, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: call }),
      }),
    );
    expect(response.status).toBe(200);
    expect(response.body.result.isError).toBe(true);
    expect(response.body.result.content[0].text).toMatch(/data source is unavailable/);
  });
});
