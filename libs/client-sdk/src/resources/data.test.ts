import { describe, expect, it } from 'vitest';
import { HotelApiClient } from '../client.js';
import { ConflictError, ServerError, TimeoutError } from '../errors/index.js';
import type { FetchLike } from '../options.js';
import type { AriRecord } from '../types/generated.js';

const RECORD: AriRecord = { type: 'ari', property: 'ACME001', room: 'DBL', date: '2026-12-10', priceFactor: 1, roomsLeft: 0, stopSell: [] };

const receipt = (headers: Record<string, string> = {}, metadata: object = {}) =>
  new Response(
    JSON.stringify({ data: { records: 1, counts: { ari: 1 }, dataVersion: 7 }, summary: {}, metadata: { apiVersion: 'v1', requestId: 'req_1', durable: true, ...metadata }, error: null }),
    { status: 200, headers: { 'content-type': 'application/json', 'x-request-id': 'req_1', ...headers } },
  );

const failure = (status: number, code: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ data: null, summary: {}, metadata: {}, error: { type: 'invalid_request_error', code, message: code, requestId: 'req_2' } }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

interface Sent {
  readonly method: string;
  readonly headers: Headers;
  readonly body: string;
}

/** A stand-in for the server (not our code): answers in turn, recording what each attempt sent. */
function server(...answers: (() => Response)[]) {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    sent.push({ method: request.method, headers: request.headers, body: await request.text() });
    // As fetch does: an abort while sending ends the call.
    if (request.signal.aborted) throw request.signal.reason;
    const answer = answers[sent.length - 1] ?? answers.at(-1);
    if (!answer) throw new Error('no answer');
    return answer();
  };
  return { client: new HotelApiClient({ apiKey: 'sk_test_sandbox', baseUrl: 'https://api.test', fetch }), sent };
}

describe('client.data.push', () => {
  it('POSTs the records as JSON Lines with the key and resolves to the receipt, durable and replayed', async () => {
    const { client, sent } = server(() => receipt({ 'idempotent-replayed': 'true' }, { replayed: true }));
    const result = await client.data.push([RECORD, { ...RECORD, date: '2026-12-11' }], { idempotencyKey: 'order-1' });
    expect(result).toMatchObject({ data: { records: 1, dataVersion: 7 }, durable: true, replayed: true, requestId: 'req_1', idempotencyKey: 'order-1' });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.headers.get('content-type')).toBe('application/x-ndjson');
    expect(sent[0]?.headers.get('authorization')).toBe('Bearer sk_test_sandbox');
    expect(sent[0]?.headers.get('idempotency-key')).toBe('order-1');
    expect(sent[0]?.body.split('\n')).toEqual([JSON.stringify(RECORD), JSON.stringify({ ...RECORD, date: '2026-12-11' }), '']);
  });

  it('makes up one idempotency key for a push without one, and sends it again on each retry', async () => {
    const { client, sent } = server(
      () => failure(409, 'write_conflict', { 'retry-after': '0' }),
      () => failure(503, 'service_unavailable', { 'retry-after': '0' }),
      () => receipt(),
    );
    const result = await client.data.push([RECORD]);
    expect(sent).toHaveLength(3);
    const keys = sent.map((attempt) => attempt.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^sdk-[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(result.idempotencyKey).toBe(keys[0]);
    expect(new Set(sent.map((attempt) => attempt.body)).size).toBe(1);
  });

  it('gives up on a write_conflict when the retries are used up, as a ConflictError with retryAfterMs', async () => {
    const { client, sent } = server(() => failure(409, 'write_conflict', { 'retry-after': '0' }));
    const error = await client.data.push([RECORD], { maxRetries: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ status: 409, code: 'write_conflict', retryAfterMs: 0 });
    expect(sent).toHaveLength(2);
  });

  it('never retries an idempotency_conflict (a 409 without Retry-After)', async () => {
    const { client, sent } = server(() => failure(409, 'idempotency_conflict'));
    await expect(client.data.push([RECORD], { idempotencyKey: 'order-1' })).rejects.toMatchObject({ constructor: ConflictError, code: 'idempotency_conflict' });
    expect(sent).toHaveLength(1);
  });

  it('sends no made-up key when retries are off', async () => {
    const { client, sent } = server(() => failure(503, 'service_unavailable'));
    await expect(client.data.push([RECORD], { maxRetries: 0 })).rejects.toBeInstanceOf(ServerError);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.has('idempotency-key')).toBe(false);
  });

  it('streams an async iterable once: no made-up key, no retry', async () => {
    const { client, sent } = server(() => failure(503, 'service_unavailable', { 'retry-after': '0' }));
    async function* feed() {
      yield RECORD;
      yield { ...RECORD, date: '2026-12-11' };
    }
    await expect(client.data.push(feed())).rejects.toBeInstanceOf(ServerError);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.has('idempotency-key')).toBe(false);
    expect(sent[0]?.body).toBe(`${JSON.stringify(RECORD)}\n${JSON.stringify({ ...RECORD, date: '2026-12-11' })}\n`);
  });

  it('holds a streamed push to timeoutMs like any call: a TimeoutError', async () => {
    const silent: FetchLike = (input, init) => {
      const { signal } = input instanceof Request && init === undefined ? input : new Request(input, init);
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
    };
    const client = new HotelApiClient({ apiKey: 'sk_test_sandbox', baseUrl: 'https://api.test', fetch: silent, timeoutMs: 50 });
    async function* feed() {
      yield RECORD;
    }
    await expect(client.data.push(feed())).rejects.toMatchObject({ constructor: TimeoutError, timeoutMs: 50 });
  });

  it('cancels a streamed push on the caller’s abort, with the signal’s reason', async () => {
    const { client } = server(() => receipt());
    const controller = new AbortController();
    const reason = new Error('shutting down');
    async function* feed() {
      yield RECORD;
      controller.abort(reason);
      yield { ...RECORD, date: '2026-12-11' };
    }
    await expect(client.data.push(feed(), { signal: controller.signal })).rejects.toBe(reason);
  });

  it('refuses records that are neither iterable nor async iterable', async () => {
    const { client } = server(() => receipt());
    await expect(client.data.push(RECORD as never)).rejects.toThrow(TypeError);
  });
});
