import { createServer, type Server, type Socket } from 'node:net';
import { HotelApiClient, type ClientOptions, type FetchLike } from '@hotelapi/client';
import type { RunningApi } from '@hotelapi/api/testing';
import { fetch as undiciFetch, type Dispatcher } from 'undici';

/** A stay the sandbox sells, relative to the pinned test clock (TEST_NOW, 2026-11-21). */
export const STAY = { checkIn: '2026-12-10', checkOut: '2026-12-13' } as const;
export const SANDBOX_KEY = 'sk_test_sandbox';
export const LIMITED_KEY = 'sk_test_sandbox_limited';

/**
 * A `fetch` that trusts the test server's self-signed certificate: undici's own fetch with the server's
 * dispatcher. The client hands over a global `Request`, which undici's fetch would not recognise, so it
 * travels as URL and init.
 */
export function trustingFetch(dispatcher: Dispatcher): FetchLike {
  return (input, init) => {
    const request = new Request(input, init);
    return undiciFetch(request.url, {
      method: request.method,
      headers: [...request.headers],
      signal: request.signal,
      dispatcher,
    }) as unknown as Promise<Response>;
  };
}

/** A client of the running test server with the full sandbox key, unless told otherwise. */
export function clientFor(api: RunningApi, options: ClientOptions = {}): HotelApiClient {
  return new HotelApiClient({ apiKey: SANDBOX_KEY, baseUrl: api.url, fetch: trustingFetch(api.dispatcher), ...options });
}

/** A loopback server that accepts connections and never answers. */
export async function silentServer(): Promise<{ readonly url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listen(server);
  return {
    url: `https://127.0.0.1:${port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback port nothing listens on (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

export interface RecordedExchange {
  readonly url: URL;
  readonly headers: Headers;
  /** Undefined when no answer came (connection failure, timeout, abort). */
  status?: number;
}

/** Wraps a `fetch` to record each attempt the client makes and what the server answered. */
export function recording(inner: FetchLike): { readonly fetch: FetchLike; readonly exchanges: RecordedExchange[] } {
  const exchanges: RecordedExchange[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    const exchange: RecordedExchange = { url: new URL(request.url), headers: new Headers(request.headers) };
    exchanges.push(exchange);
    const response = await inner(request);
    exchange.status = response.status;
    return response;
  };
  return { fetch, exchanges };
}

/** A client of the running test server that records every attempt it makes. */
export function recordedClientFor(api: RunningApi, options: ClientOptions = {}) {
  const { fetch, exchanges } = recording(trustingFetch(api.dispatcher));
  return { client: clientFor(api, { fetch, ...options }), exchanges };
}
