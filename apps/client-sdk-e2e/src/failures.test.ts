import { startApi, TEST_NOW, type RunningApi } from '@hotelapi/api/testing';
import { ServerError, ConnectionError, HotelApiClient, HotelApiError, TimeoutError, type ReviewDetails } from '@hotelapi/client';
import { createSandboxConnectors, UpstreamError, type Connectors } from '@hotelapi/connectors';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, recordedClientFor, recording, silentServer, STAY } from './support/api.js';

/** The sandbox, with a rate shopper that fails as the test says before answering. */
function failingShopper(fail: () => Error | undefined): Connectors {
  const sandbox = createSandboxConnectors({ now: () => TEST_NOW });
  return {
    ...sandbox,
    rateShopper: {
      shop: async (code, request) => {
        const failure = fail();
        if (failure) throw failure;
        return sandbox.rateShopper.shop(code, request);
      },
      shopHistory: (code, request) => sandbox.rateShopper.shopHistory(code, request),
    },
  };
}

describe('5xx', () => {
  let api: RunningApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('retries a 500 with backoff, and the retried call succeeds', async () => {
    let failures = 1;
    api = await startApi({ connectors: failingShopper(() => (failures-- > 0 ? new Error('a bug, once') : undefined)) });
    const { client, exchanges } = recordedClientFor(api);
    const result = await client.shopper.get('ACME001', STAY);
    expect(result.data.rates.length).toBeGreaterThan(0);
    expect(exchanges.map((exchange) => exchange.status)).toEqual([500, 200]);
  });

  it('ServerError (upstream_error, 502) once the retries are used up', async () => {
    api = await startApi({ connectors: failingShopper(() => new UpstreamError('sandbox', 'the channel manager is down')) });
    const { client, exchanges } = recordedClientFor(api, { maxRetries: 2 });
    const error = await client.shopper.get('ACME001', STAY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ name: 'ServerError', status: 502, type: 'upstream_error', code: 'upstream_failed' });
    expect((error as ServerError).requestId).toMatch(/\S/);
    expect(exchanges.map((exchange) => exchange.status)).toEqual([502, 502, 502]);
  });

  it('ServerError (api_error, 500) without retries when maxRetries is 0', async () => {
    api = await startApi({ connectors: failingShopper(() => new Error('always broken')) });
    const { client, exchanges } = recordedClientFor(api, { maxRetries: 0 });
    await expect(client.shopper.get('ACME001', STAY)).rejects.toMatchObject({ constructor: ServerError, status: 500, type: 'api_error' });
    expect(exchanges).toHaveLength(1);
  });
});

describe('no answer', () => {
  it('ConnectionError when nothing listens, after retrying', async () => {
    const port = await closedPort();
    const { fetch, exchanges } = recording(globalThis.fetch);
    const client = new HotelApiClient({ baseUrl: `https://127.0.0.1:${port}`, fetch, maxRetries: 1 });
    const error = await client.shopper.get('ACME001', STAY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toBeInstanceOf(HotelApiError);
    expect(error).toMatchObject({ type: 'connection_error', systemCode: 'ECONNREFUSED', status: undefined });
    expect((error as ConnectionError).cause).toBeDefined();
    expect(exchanges).toHaveLength(2);
  });

  it('ConnectionError naming NODE_EXTRA_CA_CERTS when the certificate is not trusted, without retrying', async () => {
    const api = await startApi();
    try {
      const { fetch, exchanges } = recording(globalThis.fetch);
      const client = new HotelApiClient({ apiKey: 'sk_test_sandbox', baseUrl: api.url, fetch });
      const error = await client.shopper.get('ACME001', STAY).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as ConnectionError).systemCode).toMatch(/CERT/);
      expect((error as ConnectionError).message).toMatch(/NODE_EXTRA_CA_CERTS/);
      expect(exchanges).toHaveLength(1);
    } finally {
      await api.close();
    }
  });
});

describe('timeouts and aborts', () => {
  let silent: Awaited<ReturnType<typeof silentServer>>;
  let api: RunningApi;
  beforeAll(async () => {
    silent = await silentServer();
    api = await startApi();
  });
  afterAll(async () => {
    await silent.close();
    await api.close();
  });

  it('TimeoutError when the server does not answer in time, not retried', async () => {
    const { fetch, exchanges } = recording(globalThis.fetch);
    const client = new HotelApiClient({ apiKey: 'sk_test_sandbox', baseUrl: silent.url, fetch, timeoutMs: 200 });
    const started = performance.now();
    const error = await client.shopper.get('ACME001', STAY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ name: 'TimeoutError', type: 'timeout_error', timeoutMs: 200, status: undefined });
    expect((error as TimeoutError).message).toMatch(/200 ms/);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(exchanges).toHaveLength(1);
  });

  it('a call’s own timeoutMs overrides the client’s', async () => {
    const client = new HotelApiClient({ baseUrl: silent.url, timeoutMs: 30_000 });
    await expect(client.reviews.list('ACME001', {}, { timeoutMs: 100 })).rejects.toMatchObject({ constructor: TimeoutError, timeoutMs: 100 });
  });

  it('a real call that takes longer than its time limit', async () => {
    const { client } = recordedClientFor(api, { timeoutMs: 1, maxRetries: 0 });
    // The limit is per attempt and 1 ms; the full reviews of the busiest page cannot come back that fast.
    await expect(client.reviews.list('ACME001', { limit: 100, verbose: true })).rejects.toBeInstanceOf(TimeoutError);
  });

  it('an abort rejects with the standard AbortError', async () => {
    const client = new HotelApiClient({ baseUrl: silent.url });
    const controller = new AbortController();
    const call = client.shopper.get('ACME001', STAY, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(error).not.toBeInstanceOf(HotelApiError);
  });

  it('an aborted signal sends nothing, and the signal’s own reason is what rejects', async () => {
    const { client, exchanges } = recordedClientFor(api);
    const reason = new Error('the user left the page');
    await expect(client.shopper.get('ACME001', STAY, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(exchanges.filter((exchange) => exchange.status !== undefined)).toHaveLength(0);
  });

  it('an abort during a Retry-After wait ends the wait at once', async () => {
    const limitedApi = await startApi({ env: { RATE_LIMIT_MAX: '1', RATE_LIMIT_WINDOW_MS: '30000' } });
    try {
      const { client, exchanges } = recordedClientFor(limitedApi);
      await client.shopper.get('ACME001', STAY);
      const started = performance.now();
      const call = client.shopper.get('ACME001', STAY, { signal: AbortSignal.timeout(300) });
      await expect(call).rejects.toMatchObject({ name: 'TimeoutError' });
      // AbortSignal.timeout's reason is a DOMException named TimeoutError: the caller's, not the client's class.
      await expect(call).rejects.not.toBeInstanceOf(HotelApiError);
      expect(performance.now() - started).toBeLessThan(3000);
      expect(exchanges.map((exchange) => exchange.status)).toEqual([200, 429]);
    } finally {
      await limitedApi.close();
    }
  });

  it('an abort stops iterating', async () => {
    const { client, exchanges } = recordedClientFor(api);
    const controller = new AbortController();
    const seen: ReviewDetails[] = [];
    const loop = (async () => {
      for await (const review of client.reviews.iterate('ACME001', { limit: 10 }, { signal: controller.signal })) {
        seen.push(review);
        if (seen.length === 10) controller.abort();
      }
    })();
    await expect(loop).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(10);
    expect(exchanges.filter((exchange) => exchange.status === 200)).toHaveLength(1);
  });
});
