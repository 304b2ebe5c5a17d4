import { entriesOf, HashIndexedKeyStore, issueKey, sandboxEntries } from '@hotelapi/auth';
import { DataPushResponse } from '@hotelapi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITED_AUTH, SANDBOX_AUTH, startApi, type RunningApi } from '../test-support/start-api.js';

/** TEST_NOW is 2026-11-21. */
const STAY = 'checkIn=2026-12-10&checkOut=2026-12-12';
const NDJSON = { ...SANDBOX_AUTH, 'content-type': 'application/x-ndjson' };
const lines = (...records: object[]) => records.map((record) => JSON.stringify(record)).join('\n') + '\n';

describe('POST /v1/data', () => {
  let api: RunningApi;
  let room: string;
  const ari = (overrides: object = {}) => ({ type: 'ari', property: 'ACME001', room, date: '2026-12-10', priceFactor: 1, roomsLeft: 0, stopSell: [], ...overrides });
  const push = (body: string, headers: Record<string, string> = NDJSON) => api.request('POST', '/v1/data', { headers, body });

  let blueWriter: string;

  beforeAll(async () => {
    // The sandbox keys, and a key that may write chain BLUE only.
    const issued = issueKey({ label: 'BLUE channel manager', mode: 'test', grants: [{ kind: 'chain', code: 'BLUE' }], scopes: ['read', 'write'], now: new Date() }, () => false);
    blueWriter = issued.key;
    const keyStore = new HashIndexedKeyStore(new Map([...sandboxEntries(true), ...entriesOf(issued.record)]));
    api = await startApi({ keyStore, env: { DATA_PUSH_MAX_RECORDS: '50', DATA_PUSH_BODY_LIMIT_BYTES: '20000' } });
    const shopped = await api.get(`/v1/shopper/ACME001?${STAY}`, SANDBOX_AUTH);
    room = shopped.body.data.rates[0].roomId;
  });
  afterAll(() => api.close());

  it('applies pushed ARI at once: a room sold out for a night of the stay is no longer shopped', async () => {
    const response = await push(lines(ari(), ari({ date: '2026-12-11' })));
    expect(response.status).toBe(200);
    const body = DataPushResponse.parse(response.body);
    expect(body.data).toMatchObject({ records: 2, counts: { ari: 2 } });
    expect(body.metadata.durable).toBe(false);
    // The property answer cache holds answers for a second at most.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const after = await api.get(`/v1/shopper/ACME001?${STAY}`, SANDBOX_AUTH);
    expect(after.body.data.rates.map((rate: { roomId: string }) => rate.roomId)).not.toContain(room);
  });

  it('takes `{ "records": [...] }` as application/json, and a pushed channel collection becomes the latest', async () => {
    const collection = {
      type: 'channelShop', property: 'ACME002', arrival: '2026-12-20', nights: 2, adults: 2, children: 0, collectedAt: '2026-11-21T09:59:00Z',
      prices: [{ room: 'X', ratePlan: 'Y', channel: 'OTA_01', price: 1 }],
    };
    // ACME002's own room and rate, from its shop.
    const shop = await api.get('/v1/shopper/ACME002?checkIn=2026-12-20&checkOut=2026-12-22&currency=EUR', SANDBOX_AUTH);
    const [rate] = shop.body.data.rates;
    const records = [{ ...collection, prices: [{ room: rate.roomId, ratePlan: rate.rateId, channel: 'OTA_01', price: 1 }] }];
    const response = await push(JSON.stringify({ records }), { ...SANDBOX_AUTH, 'content-type': 'application/json' });
    expect(response.status).toBe(200);
    expect(response.body.data.counts).toEqual({ channelShop: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const after = await api.get('/v1/shopper/ACME002?checkIn=2026-12-20&checkOut=2026-12-22&currency=EUR&channel=OTA_01', SANDBOX_AUTH);
    expect(after.body.data.channels).toEqual([expect.objectContaining({ source_id: 'OTA_01', price: 1 })]);
  });

  it('replays the first answer for the same Idempotency-Key and body, and refuses the key for another body', async () => {
    const body = lines(ari({ date: '2026-12-15', roomsLeft: 3 }));
    const first = await push(body, { ...NDJSON, 'idempotency-key': 'order-15' });
    const again = await push(body, { ...NDJSON, 'idempotency-key': 'order-15' });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body.data).toEqual(first.body.data);
    expect(again.body.metadata.replayed).toBe(true);
    const other = await push(lines(ari({ date: '2026-12-16' })), { ...NDJSON, 'idempotency-key': 'order-15' });
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({ code: 'idempotency_conflict', type: 'invalid_request_error' });
  });

  describe('refuses bad input with a clear 4xx in the envelope, and applies nothing', () => {
    const cases: [string, () => Promise<Awaited<ReturnType<typeof push>>>, number, string, RegExp?][] = [
      ['a line that is not JSON', () => push(`${JSON.stringify(ari({ date: '2026-12-20' }))}\n{"type": "ari",\n`), 400, 'record_invalid', /^Line 2: \(line\): not JSON/],
      ['an unknown type', () => push(lines(ari({ date: '2026-12-20' }), { type: 'hotel', code: 'X' })), 400, 'record_invalid', /^Line 2: type/],
      ['a room the property does not have', () => push(lines(ari({ date: '2026-12-20' }), ari({ room: 'NOPE' }))), 400, 'record_invalid', /^Line 2: room: property ACME001 has no room "NOPE"/],
      ['an impossible date', () => push(lines(ari({ date: '2027-02-30' }))), 400, 'record_invalid', /^Line 1: date/],
      ['a negative price', () => push(lines({ type: 'channelShop', property: 'ACME001', arrival: '2026-12-20', nights: 1, adults: 2, children: 0, collectedAt: '2026-11-21T09:00:00Z', prices: [{ room: 'A', ratePlan: 'B', channel: 'OTA_01', price: -1 }] })), 400, 'record_invalid', /^Line 1: prices\.0\.price/],
      ['a record type the sandbox does not take', () => push(lines({ type: 'exchangeRate', base: 'EUR', currency: 'USD', asOf: '2026-11-21', rate: 1.1 })), 400, 'record_invalid', /CONNECTOR=postgres/],
      ['an empty body', () => push(''), 400, 'body_invalid'],
      ['blank lines only', () => push('\n\n'), 400, 'body_invalid'],
      ['a JSON body without records', () => push('{"data": []}', { ...SANDBOX_AUTH, 'content-type': 'application/json' }), 400, 'body_invalid'],
      ['malformed JSON', () => push('{"records": [', { ...SANDBOX_AUTH, 'content-type': 'application/json' }), 400, 'body_invalid'],
      ['a Content-Type it does not take', () => push(lines(ari()), { ...SANDBOX_AUTH, 'content-type': 'text/csv' }), 415, 'unsupported_media_type'],
      ['a body over the limit', () => push(lines(ari({ date: '2026-12-20' })) + ' '.repeat(25_000)), 413, 'body_too_large'],
      ['more records than a push may hold', () => push(lines(...Array.from({ length: 51 }, (_, day) => ari({ date: `2027-01-${String((day % 28) + 1).padStart(2, '0')}` })))), 413, 'too_many_records'],
      ['an empty Idempotency-Key', () => push(lines(ari({ date: '2026-12-20' })), { ...NDJSON, 'idempotency-key': '' }), 400, 'idempotency_key_invalid'],
      ['an Idempotency-Key over 255 characters', () => push(lines(ari({ date: '2026-12-20' })), { ...NDJSON, 'idempotency-key': 'k'.repeat(256) }), 400, 'idempotency_key_invalid'],
      ['a read-only key', () => push(lines(ari({ date: '2026-12-20' })), { ...LIMITED_AUTH, 'content-type': 'application/x-ndjson' }), 403, 'write_scope_required'],
      ['no key', () => push(lines(ari({ date: '2026-12-20' })), { 'content-type': 'application/x-ndjson' }), 401, 'api_key_missing'],
    ];
    it.each(cases)('%s', async (_name, send, status, code, message) => {
      const before = await api.get('/v1/availability/ACME001?checkIn=2026-12-20&checkOut=2026-12-21&adults=2&currency=EUR', SANDBOX_AUTH);
      const response = await send();
      expect(response.status).toBe(status);
      expect(response.body.data).toBeNull();
      expect(response.body.error.code).toBe(code);
      if (message) expect(response.body.error.message).toMatch(message);
      expect(response.body.error.message).not.toMatch(/at .*\.ts|Error:/);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const after = await api.get('/v1/availability/ACME001?checkIn=2026-12-20&checkOut=2026-12-21&adults=2&currency=EUR', SANDBOX_AUTH);
      expect(after.body.data).toEqual(before.body.data);
    });
  });

  it('refuses a push with a record of a property outside the key’s grants, naming the line, and applies none of it', async () => {
    const blue = { authorization: `Bearer ${blueWriter}`, 'content-type': 'application/x-ndjson' };
    const blueRoom = (await api.get('/v1/shopper/BLUE001?checkIn=2026-12-10&checkOut=2026-12-12', SANDBOX_AUTH)).body.data.rates[0].roomId;
    const own = { ...ari({ property: 'BLUE001', room: blueRoom, date: '2026-12-24' }) };
    const refused = await push(lines(own, ari({ date: '2026-12-24' })), blue);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'record_forbidden', param: 'line 2' });
    expect(refused.body.error.message).toContain('property ACME001');
    const allowed = await push(lines(own), blue);
    expect(allowed.status).toBe(200);
  });

  it('documents itself in the OpenAPI document', async () => {
    const openapi = await api.get('/openapi.json');
    expect(openapi.body.paths['/v1/data'].post.operationId).toBe('pushData');
  });
});
