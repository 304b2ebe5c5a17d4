/**
 * `POST /v1/data` end to end with the real database: a chain's catalog, ARI and channel
 * collections pushed into a PostgreSQL-backed API and served by a second instance on the same
 * database; a `kill -9` in the middle of a large push; two writers on the same records; and the
 * refusals that leave nothing applied.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createConnectors, exportSandbox, type Connectors } from '@hotelapi/connectors';
import { EVENT_APPEND_LOCK } from '@hotelapi/connectors/postgres';
import { describeWithDatabase, type TestDatabase } from '@hotelapi/connectors/testing';
import pg from 'pg';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiProcess } from './test-support/api-process.js';
import { freePort } from './test-support/real-servers.js';
import { SANDBOX_AUTH, startApi, TEST_NOW, type RunningApi, type TestResponse } from './test-support/start-api.js';
import { createMigratedDatabase } from './test-support/migrated-database.js';

const ENV = { SANDBOX_KEYS: 'true', RATE_LIMIT_MAX: '1000000', AVAILABILITY_RATE_LIMIT_MAX: '1000000', WRITE_RATE_LIMIT_MAX: '1000000' };
const NDJSON = { ...SANDBOX_AUTH, 'content-type': 'application/x-ndjson' };
/** TEST_NOW is 2026-11-21; the export covers 40 days from then. */
const STAY = 'checkIn=2026-12-10&checkOut=2026-12-12';
/** Far past the export's dates: room nights only the kill -9 push (and the refused one) write. */
const FAR = '2030-01-01';
/** Past the kill -9 push's last night: where the push raced by its own Idempotency-Key writes. */
const FARTHER = '2050-01-01';

type Row = { type: string; [field: string]: unknown };
const lines = (records: readonly object[]) => records.map((record) => JSON.stringify(record)).join('\n') + '\n';
const dateAfter = (first: string, days: number) => new Date(Date.parse(first) + days * 86_400_000).toISOString().slice(0, 10);
/** An answer's status and error code, to name it in a failed expectation. */
const outcome = (response: TestResponse) => `${response.status} ${response.body?.error?.code ?? ''}`;

describeWithDatabase('POST /v1/data into PostgreSQL, end to end', (serverUrl) => {
  let database: TestDatabase;
  let admin: pg.Client;
  let dataDir: string;
  let rooms: { property: string; code: string }[];
  const connectors: Connectors[] = [];
  /** Two instances in this process, each with its own pool and data-version cache. */
  const apis: RunningApi[] = [];
  let api: RunningApi;

  const push = (body: string, headers: Record<string, string> = {}, to: RunningApi = api) =>
    to.request('POST', '/v1/data', { headers: { ...NDJSON, ...headers }, body });
  const count = async (query: string, values: unknown[] = []) => Number((await admin.query<{ n: string }>(query, values)).rows[0]?.n);
  const farRoomNights = () => count('select count(*) as n from room_nights where night >= $1 and night < $2', [FAR, FARTHER]);
  /** `records` ARI records of BLUE's rooms from `first` on, every room each night. */
  const ariFrom = (first: string, records: number, roomsLeft: number): Row[] =>
    Array.from({ length: records }, (_, index) => {
      const { property, code } = rooms[index % rooms.length];
      return { type: 'ari', property, room: code, date: dateAfter(first, Math.floor(index / rooms.length)), priceFactor: 1, roomsLeft, stopSell: [] };
    });
  /**
   * Resolves once the database holds the lock of this Idempotency-Key of the sandbox key (its push's
   * transaction is under way): that lock only, not the events' or the parity work's. A bigint
   * advisory lock shows in `pg_locks` as its high and low 32 bits.
   */
  async function whilePushHoldsItsKey(idempotencyKey: string): Promise<void> {
    const held = () =>
      count(
        `select count(*) as n from pg_locks, (select hashtextextended($1, 0) as h) as lock
         where locktype = 'advisory' and granted and objsubid = 1
           and classid::bigint = (lock.h >> 32) & 4294967295 and objid::bigint = lock.h & 4294967295`,
        [`key_sandbox ${idempotencyKey}`],
      );
    while ((await held()) === 0) await delay(5);
  }

  beforeAll(async () => {
    database = await createMigratedDatabase(serverUrl, 'hotel_push_e2e');
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    dataDir = mkdtempSync(join(tmpdir(), 'hotel-push-e2e-'));
    await exportSandbox({ dir: dataDir, chains: ['BLUE'], days: 40, shopDays: 3, now: TEST_NOW, include: ['catalog', 'ari', 'channelShops'] });
    const catalog = readFileSync(join(dataDir, '01-catalog.jsonl'), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Row);
    rooms = catalog.filter((record) => record.type === 'room').map((record) => ({ property: String(record.property), code: String(record.code) }));
    for (let instance = 0; instance < 2; instance++) {
      const own = await createConnectors({ kind: 'postgres', url: database.url, now: () => TEST_NOW });
      connectors.push(own);
      apis.push(await startApi({ env: { ...ENV, CONNECTOR: 'postgres', DATABASE_URL: database.url }, connectors: own }));
    }
    api = apis[0];
  }, 300_000);

  afterAll(async () => {
    for (const running of apis) await running.close();
    for (const own of connectors) await own.close?.();
    await admin?.end();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes a catalog, its ARI and channel collections, and both instances serve every change within a second', async () => {
    for (const file of ['01-catalog.jsonl', '02-ari.jsonl', '03-channel-shops.jsonl']) {
      const text = readFileSync(join(dataDir, file), 'utf8');
      const response = await push(text);
      expect(response.status, `${file}: ${response.text.slice(0, 300)}`).toBe(200);
      expect(response.body.metadata.durable).toBe(true);
      expect(response.body.data.records).toBe(text.split('\n').filter(Boolean).length);
    }
    await delay(1_100);
    const [shopped, shoppedElsewhere] = await Promise.all(apis.map((running) => running.get(`/v1/shopper/BLUE001?${STAY}`, SANDBOX_AUTH)));
    expect(shopped.status).toBe(200);
    expect(shoppedElsewhere.body.data).toEqual(shopped.body.data);
    const soldOutRoom: string = shopped.body.data.rates[0].roomId;

    // Sold out: one room of BLUE001 for the stay, and every room of BLUE002.
    const nights = ['2026-12-10', '2026-12-11'];
    const soldOut = rooms
      .filter(({ property, code }) => property === 'BLUE002' || (property === 'BLUE001' && code === soldOutRoom))
      .flatMap(({ property, code }) => nights.map((date) => ({ type: 'ari', property, room: code, date, priceFactor: 1, roomsLeft: 0, stopSell: [] })));
    // A channel selling BLUE003's lowest direct rate for far less, collected just now.
    const parityPath = '/v1/parity/BLUE003?from=2026-11-25&to=2026-11-25&nights=1&channel=OTA_01';
    const parityBefore = (await api.get(parityPath, SANDBOX_AUTH)).body.data.dates[0];
    expect(parityBefore.roomId).not.toBeNull();
    const undercut = {
      type: 'channelShop', property: 'BLUE003', arrival: '2026-11-25', nights: 1, adults: 2, children: 0, collectedAt: '2026-11-21T09:59:00Z',
      prices: [{ room: parityBefore.roomId, ratePlan: parityBefore.rateId, channel: 'OTA_01', price: 1 }],
    };
    const written = await push(lines([...soldOut, undercut]));
    expect(written.status, written.text).toBe(200);
    expect(written.body.data.counts).toEqual({ ari: soldOut.length, channelShop: 1 });

    await delay(1_100);
    for (const running of apis) {
      const shop = await running.get(`/v1/shopper/BLUE001?${STAY}`, SANDBOX_AUTH);
      expect(shop.body.data.rates.map((rate: { roomId: string }) => rate.roomId)).not.toContain(soldOutRoom);
      const chain = await running.get('/v1/availability/multi?chainCode=BLUE&checkin=2026-12-10&checkout=2026-12-12&currency=EUR');
      expect(chain.status).toBe(200);
      expect(chain.text).not.toContain('BLUE002');
      expect(chain.text).toContain('BLUE001');
      const parity = (await running.get(parityPath, SANDBOX_AUTH)).body.data.dates[0];
      expect(parity.channels).toEqual([expect.objectContaining({ channel: 'OTA_01', status: 'LOSE' })]);
    }
  }, 120_000);

  it('refuses a record whose parent is missing with 400 naming its line, and applies nothing', async () => {
    const version = await count('select version as n from hotel_data_version');
    const orphan = { type: 'room', property: 'BLUE999', code: 'DBL', name: { en: 'Double' }, description: { en: 'Double' }, active: true, maxAdults: 2, maxOccupancy: 2, baseNightly: 90 };
    const response = await push(lines([...ariFrom(FAR, 20, 5), orphan]));
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'record_invalid', param: 'line 21: property' });
    expect(response.body.error.message).toMatch(/^Line 21: property: unknown property "BLUE999"/);
    expect(await farRoomNights()).toBe(0);
    expect(await count('select version as n from hotel_data_version')).toBe(version);
  });

  it('answers 409 idempotency_conflict to the same Idempotency-Key while its first push runs, then replays it', async () => {
    const body = lines(ariFrom(FARTHER, 30_000, 3));
    const headers = { 'idempotency-key': 'push-while-running' };
    // The first push waits at the events' append lock, its key held, until the second is answered:
    // however fast the writer, the second arrives while the first runs.
    await admin.query('select pg_advisory_lock($1)', [EVENT_APPEND_LOCK]);
    const first = push(body, headers);
    try {
      await whilePushHoldsItsKey('push-while-running');
      const second = await push(body, headers, apis[1]);
      expect(second.status).toBe(409);
      expect(second.body.error).toMatchObject({ code: 'idempotency_conflict', param: 'Idempotency-Key' });
    } finally {
      await admin.query('select pg_advisory_unlock_all()');
    }
    expect(outcome(await first)).toBe('200 ');
    const replayed = await push(body, headers, apis[1]);
    expect(replayed.status).toBe(200);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body.data).toEqual((await first).body.data);
  }, 120_000);

  it('lets two writers push the same room nights at once: each succeeds or is told to retry, and the result is one serial order', async () => {
    const forward = ariFrom('2028-01-01', 6_000, 1);
    const backward = ariFrom('2028-01-01', 6_000, 2).reverse();
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([push(lines(forward), {}, apis[0]), push(lines(backward), {}, apis[1])]);
      for (const answer of answers) {
        expect(['200 ', '409 write_conflict', '503 write_conflict']).toContain(outcome(answer));
        if (answer.status !== 200) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
      const left = (await admin.query<{ rooms_left: number }>("select distinct rooms_left from room_nights where night >= '2028-01-01' and night < $1", [FAR])).rows;
      const succeeded = answers.flatMap((answer, index) => (answer.status === 200 ? [index + 1] : []));
      expect(left).toHaveLength(1);
      expect(succeeded).toContain(left[0].rooms_left);
    }
  }, 120_000);

  it('kill -9 in the middle of a 50,000-record push leaves none of it, and the same request then succeeds at once', async () => {
    const port = await freePort();
    const tlsDir = mkdtempSync(join(tmpdir(), 'hotel-push-tls-'));
    const instance = await ApiProcess.start({ ...ENV, CONNECTOR: 'postgres', DATABASE_URL: database.url, PORT: String(port), TLS_DIR: tlsDir, LOG_LEVEL: 'warn' });
    const body = lines(ariFrom(FAR, 50_000, 7));
    const headers = { ...NDJSON, 'idempotency-key': 'push-killed' };
    try {
      const insecure = new Agent({ connect: { rejectUnauthorized: false } });
      // Appends wait for this session's hold of the events' append lock: the push writes every room
      // night, then waits in the middle of its transaction, however fast the writer is.
      await admin.query('select pg_advisory_lock($1)', [EVENT_APPEND_LOCK]);
      let answered = false;
      const killed = request(`https://127.0.0.1:${port}/v1/data`, { method: 'POST', headers, body, dispatcher: insecure }).then(
        (response) => `answered ${response.statusCode}`,
        () => 'cut off',
      ).finally(() => (answered = true));
      const waitsToAppend = () => count("select count(*) as n from pg_locks where locktype = 'advisory' and not granted and objid = $1", [EVENT_APPEND_LOCK]);
      while (!answered && (await waitsToAppend()) === 0) await delay(5);
      await instance.kill();
      expect(await killed).toBe('cut off');
      await insecure.close();
    } finally {
      await instance.kill();
      await admin.query('select pg_advisory_unlock_all()');
      rmSync(tlsDir, { recursive: true, force: true });
    }
    expect(await farRoomNights()).toBe(0);
    expect(await count("select count(*) as n from pushed_writes where idempotency_key = 'push-killed'")).toBe(0);

    const again = await push(body, { 'idempotency-key': 'push-killed' });
    expect(outcome(again)).toBe('200 ');
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body.data.counts).toEqual({ ari: 50_000 });
    expect(await farRoomNights()).toBe(50_000);
  }, 180_000);
});
