import { startApi, type RunningApi } from '@hotelapi/api/testing';
import { ConflictError, InvalidRequestError, PermissionError, type AriRecord, type DataPushResult, type FetchLike, type HotelApiClient } from '@hotelapi/client';
import { fetch as undiciFetch, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, LIMITED_KEY } from './support/api.js';

/** A stay of the pinned test clock (TEST_NOW, 2026-11-21) that no other test here pushes to. */
const STAY = { checkIn: '2026-12-14', checkOut: '2026-12-16' } as const;

interface PushAttempt {
  readonly headers: Headers;
  status?: number;
}

/**
 * A `fetch` that trusts the test server's certificate and sends the request body as well (the suite's
 * `trustingFetch` sends none: it only ever served GETs), recording each attempt.
 */
function pushingFetch(dispatcher: Dispatcher): { readonly fetch: FetchLike; readonly attempts: PushAttempt[] } {
  const attempts: PushAttempt[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    const attempt: PushAttempt = { headers: new Headers(request.headers) };
    attempts.push(attempt);
    const response = (await undiciFetch(request.url, {
      method: request.method,
      headers: [...request.headers],
      body: request.body,
      duplex: 'half',
      signal: request.signal,
      dispatcher,
    })) as unknown as Response;
    attempt.status = response.status;
    return response;
  };
  return { fetch, attempts };
}

describe('client.data.push', () => {
  let api: RunningApi;
  let client: HotelApiClient;
  let attempts: PushAttempt[];
  let rooms: string[];
  const ari = (overrides: Partial<AriRecord> = {}): AriRecord => ({
    type: 'ari',
    property: 'ACME001',
    room: rooms[0] ?? '',
    date: '2026-12-20',
    priceFactor: 1,
    roomsLeft: 4,
    stopSell: [],
    ...overrides,
  });

  beforeAll(async () => {
    api = await startApi();
    const pushing = pushingFetch(api.dispatcher);
    attempts = pushing.attempts;
    client = clientFor(api, { fetch: pushing.fetch });
    rooms = (await client.properties.rooms('ACME001')).data.rooms.filter((room) => room.active).map((room) => room.code);
  });
  afterAll(() => api.close());

  it('pushes ARI with the sandbox key, and the shopper no longer sells the room it sold out', async () => {
    const before = await client.shopper.get('ACME001', STAY);
    const room = before.data.rates[0]?.roomId ?? '';
    const soldOut = [ari({ room, date: '2026-12-14', roomsLeft: 0 }), ari({ room, date: '2026-12-15', roomsLeft: 0 })];
    attempts.length = 0;
    const result: DataPushResult = await client.data.push(soldOut);
    expect(result.data).toEqual({ records: 2, counts: { ari: 2 }, dataVersion: expect.any(Number) });
    expect(result).toMatchObject({ durable: false, replayed: false, metadata: { durable: false } });
    expect(result.requestId).toMatch(/\S/);
    // Sent as JSON Lines, in one text, under a key the client made up so that a retry would be replayed.
    expect(result.idempotencyKey).toMatch(/^sdk-[0-9a-f-]{36}$/);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]?.headers.get('content-type')).toBe('application/x-ndjson');
    expect(attempts[0]?.headers.get('idempotency-key')).toBe(result.idempotencyKey);
    // The property answer cache holds answers for a second at most.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const after = await client.shopper.get('ACME001', STAY);
    expect(after.data.rates.map((rate) => rate.roomId)).not.toContain(room);
  });

  it('replays the first answer for the same idempotency key and records, and refuses the key for other records with a 409', async () => {
    const records = [ari({ date: '2026-12-21', roomsLeft: 3 })];
    const first = await client.data.push(records, { idempotencyKey: 'e2e-order-21' });
    const again = await client.data.push(records, { idempotencyKey: 'e2e-order-21' });
    expect(first).toMatchObject({ replayed: false, idempotencyKey: 'e2e-order-21' });
    expect(again.replayed).toBe(true);
    expect(again.metadata.replayed).toBe(true);
    expect(again.data).toEqual(first.data);

    attempts.length = 0;
    const conflict = await client.data.push([ari({ date: '2026-12-22' })], { idempotencyKey: 'e2e-order-21' }).catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(ConflictError);
    expect(conflict).toMatchObject({ name: 'ConflictError', status: 409, code: 'idempotency_conflict', param: 'Idempotency-Key', retryAfterMs: undefined });
    // Final: another body cannot become right by waiting.
    expect(attempts.map((attempt) => attempt.status)).toEqual([409]);
  });

  it('streams an async iterable of 1,000 records as JSON Lines, read as the request sends them', async () => {
    const dates = Array.from({ length: Math.ceil(1_000 / rooms.length) }, (_, day) => new Date(Date.UTC(2027, 0, 1 + day)).toISOString().slice(0, 10));
    let yielded = 0;
    let readBeforeSending: number | undefined;
    async function* channelManagerFeed(): AsyncGenerator<AriRecord> {
      for (const date of dates) {
        for (const room of rooms) {
          if (attempts.length === 1) readBeforeSending ??= yielded;
          if (yielded === 1_000) return;
          yielded += 1;
          yield ari({ room, date, roomsLeft: yielded % 7 });
        }
      }
    }
    attempts.length = 0;
    const result = await client.data.push(channelManagerFeed());
    expect(result.data).toMatchObject({ records: 1_000, counts: { ari: 1_000 } });
    expect(yielded).toBe(1_000);
    // A stream cannot be sent twice, so it goes without a made-up key and is never retried.
    expect(result.idempotencyKey).toBeUndefined();
    expect(attempts).toHaveLength(1);
    // Streamed: the request was under way while most records were still to be read.
    expect(readBeforeSending).toBeLessThan(500);
  });

  it('rejects with the records source’s own error when it fails mid-stream, and nothing is applied', async () => {
    const failure = new Error('the channel manager went away');
    async function* brokenFeed(): AsyncGenerator<AriRecord> {
      yield ari({ date: '2026-12-23', roomsLeft: 0 });
      throw failure;
    }
    await expect(client.data.push(brokenFeed())).rejects.toBe(failure);
    const { data } = await client.availability.single('ACME001', { checkIn: '2026-12-23', checkOut: '2026-12-24', adults: 2, currency: 'EUR' });
    expect(data.rates.some((rate) => rate.status === 'AVL')).toBe(true);
  });

  it('a bad record: InvalidRequestError with code record_invalid and the line and field in param, not retried', async () => {
    attempts.length = 0;
    const error = await client.data.push([ari({ date: '2026-12-24' }), ari({ date: '2027-02-30' })]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ status: 400, type: 'invalid_request_error', code: 'record_invalid', param: 'line 2: date' });
    expect((error as InvalidRequestError).message).toMatch(/^Line 2: date/);
    expect(attempts.map((attempt) => attempt.status)).toEqual([400]);
  });

  it('a read-only key: PermissionError with code write_scope_required', async () => {
    const limited = clientFor(api, { apiKey: LIMITED_KEY, fetch: pushingFetch(api.dispatcher).fetch });
    await expect(limited.data.push([ari({ date: '2026-12-24' })])).rejects.toMatchObject({
      constructor: PermissionError,
      status: 403,
      type: 'permission_error',
      code: 'write_scope_required',
    });
  });
});
