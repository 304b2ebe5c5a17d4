/**
 * `GET /v1/events` end to end, the same for the sandbox and PostgreSQL: a push's changes in the
 * feed, read under the key's grants, page by page; parity breached and restored, one event each;
 * and bad input refused in the envelope.
 */
import { describeWithDatabase } from '@hotelapi/connectors/testing';
import { EventsResponse, type LoggedEvent } from '@hotelapi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAcmeOverPostgres, type AcmeOverPostgres } from '../test-support/acme-over-postgres.js';
import { LIMITED_AUTH, SANDBOX_AUTH, startApi, type RunningApi } from '../test-support/start-api.js';

const NDJSON = { ...SANDBOX_AUTH, 'content-type': 'application/x-ndjson' };
const lines = (records: readonly object[]) => records.map((record) => JSON.stringify(record)).join('\n') + '\n';
/** TEST_NOW is 2026-11-21; the limited key reads ACME001 (and chain BLUE), not ACME002. */
const ARRIVAL = '2026-12-10';

function feedSuite(start: () => Promise<RunningApi>) {
  let api: RunningApi;
  beforeAll(async () => {
    api = await start();
  }, 300_000);
  afterAll(() => api?.close());

  const push = async (records: readonly object[]) => {
    const response = await api.request('POST', '/v1/data', { headers: NDJSON, body: lines(records) });
    expect(response.status, response.text).toBe(200);
  };
  const feed = async (query: string, auth: Record<string, string> = SANDBOX_AUTH) => {
    const response = await api.get(`/v1/events?${query}`, auth);
    expect(response.status, response.text).toBe(200);
    return EventsResponse.parse(response.body);
  };
  /** Every event after the cursor, page by page. */
  const everything = async (query = '', auth: Record<string, string> = SANDBOX_AUTH) => {
    const events: LoggedEvent[] = [];
    let page = await feed(`limit=500&${query}`, auth);
    for (;;) {
      events.push(...((page.data ?? []) as LoggedEvent[]));
      if (!page.metadata.hasMore) return { events, cursor: page.metadata.nextCursor };
      page = await feed(`limit=500&after=${page.metadata.nextCursor}&${query}`, auth);
    }
  };
  /** The stay's lowest direct rate, as /v1/parity compares it (the first date that sells one, from `from`). */
  const parityOf = async (property: string, nights = 1) => {
    const response = await api.get(`/v1/parity/${property}?from=${ARRIVAL}&to=2026-12-20&nights=${nights}&channel=OTA_01`, SANDBOX_AUTH);
    expect(response.status, response.text).toBe(200);
    const sold = (response.body.data.dates as { date: string; direct: number; roomId: string; rateId: string }[]).find((date) => date.roomId !== null);
    if (!sold) throw new Error(`${property} sells nothing direct from ${ARRIVAL}`);
    return sold;
  };

  it('tells a push’s changes: the room night sold out and the push itself, after the cursor', async () => {
    const { cursor } = await everything();
    const { roomId } = await parityOf('ACME001');
    await push([{ type: 'ari', property: 'ACME001', room: roomId, date: ARRIVAL, priceFactor: 1, roomsLeft: 0, stopSell: [] }]);
    const { events } = await everything(`after=${cursor}`);
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['availability.changed', 'data.loaded']));
    const availability = events.find((event) => event.type === 'availability.changed');
    expect(availability?.data).toMatchObject({ chain: 'ACME', property: 'ACME001', changes: [{ from: ARRIVAL, to: ARRIVAL, room: roomId, ratePlan: null, state: 'soldOut' }] });
    expect(events.find((event) => event.type === 'data.loaded')?.data).toMatchObject({ property: 'ACME001', source: 'push', counts: { ari: 1 } });
  });

  it('gives each key only what its grants read, and pages in order without gaps or repeats', async () => {
    // ACME002 sells stays of two nights or more.
    const { roomId, date } = await parityOf('ACME002', 2);
    await push([{ type: 'ari', property: 'ACME002', room: roomId, date, priceFactor: 1.3, roomsLeft: 2, stopSell: [] }]);
    const all = (await everything()).events;
    const limited = (await everything('', LIMITED_AUTH)).events;
    expect(all.some((event) => event.data.property === 'ACME002')).toBe(true);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited.every((event) => event.data.chain === 'BLUE' || event.data.property === 'ACME001')).toBe(true);

    const paged: LoggedEvent[] = [];
    let page = await feed('limit=1');
    paged.push(...((page.data ?? []) as LoggedEvent[]));
    while (page.metadata.hasMore) {
      page = await feed(`limit=1&after=${page.metadata.nextCursor}`);
      expect(page.data).toHaveLength(1);
      paged.push(...((page.data ?? []) as LoggedEvent[]));
    }
    expect(paged.map((event) => event.id)).toEqual(all.map((event) => event.id));
    const sequences = paged.map((event) => event.data.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    const ofOneType = (await everything('types=rates.changed&property=ACME002')).events;
    expect(ofOneType.length).toBeGreaterThan(0);
    expect(ofOneType.every((event) => event.type === 'rates.changed' && event.data.property === 'ACME002')).toBe(true);
  });

  it('tells a breach of parity once and its restoration once, as /v1/parity judges the stay', async () => {
    const { cursor } = await everything();
    const { direct, roomId, rateId } = await parityOf('ACME001');
    const collection = (collectedAt: string, price: number) => ({
      type: 'channelShop', property: 'ACME001', arrival: ARRIVAL, nights: 1, adults: 2, children: 0, collectedAt,
      prices: [{ room: roomId, ratePlan: rateId, channel: 'OTA_01', price }],
    });
    const parityEvents = async () => {
      await api.app.eventWork.parity.settle();
      return (await everything(`after=${cursor}&types=parity.breach,parity.restored&property=ACME001`)).events;
    };
    await push([collection('2026-11-21T09:59:00Z', Math.floor(direct * 0.8))]);
    expect(await parityEvents()).toEqual([expect.objectContaining({ type: 'parity.breach' })]);
    // Still undercut: no new event.
    await push([collection('2026-11-21T09:59:20Z', Math.floor(direct * 0.85))]);
    const breach = await parityEvents();
    expect(breach).toHaveLength(1);
    expect(breach[0]?.data).toMatchObject({
      chain: 'ACME', property: 'ACME001', arrival: ARRIVAL, nights: 1, adults: 2, children: 0, channel: 'OTA_01', roomId, rateId,
      direct, channelPrice: Math.floor(direct * 0.8), tolerance: 1, status: 'LOSE', collectedAt: '2026-11-21T09:59:00.000Z',
    });
    expect(await api.get(`/v1/parity/ACME001?from=${ARRIVAL}&to=${ARRIVAL}&channel=OTA_01`, SANDBOX_AUTH)).toMatchObject({
      body: { data: { dates: [{ channels: [{ status: 'LOSE' }] }] } },
    });
    await push([collection('2026-11-21T09:59:40Z', direct)]);
    const both = await parityEvents();
    expect(both.map((event) => event.type)).toEqual(['parity.breach', 'parity.restored']);
    expect(both[1]?.data).toMatchObject({ status: 'MEET', channelPrice: direct });
  });

  it('refuses bad input with a clear 400 or 403 in the envelope', async () => {
    const refused = async (query: string, status: number, auth: Record<string, string> = SANDBOX_AUTH) => {
      const response = await api.get(`/v1/events?${query}`, auth);
      expect(response.status, `${query}: ${response.text}`).toBe(status);
      expect(response.body).toMatchObject({ data: null, error: { code: expect.any(String), message: expect.any(String) } });
      return response.body.error;
    };
    expect(await refused('after=not-a-cursor', 400)).toMatchObject({ code: 'parameter_invalid', param: 'after' });
    await refused(`after=${Buffer.from('e.5.deadbeef').toString('base64url')}`, 400);
    const { cursor } = await everything();
    const [, sequence, check] = Buffer.from(cursor, 'base64url').toString().split('.');
    await refused(`after=${Buffer.from(`e.${Number(sequence) + 1000}.${check}`).toString('base64url')}`, 400);
    await refused('limit=0', 400);
    await refused('limit=501', 400);
    await refused('limit=ten', 400);
    await refused('types=parity.breach,no.such.type', 400);
    await refused('types=webhook.test', 400);
    expect(await refused('property=ACME002', 403, LIMITED_AUTH)).toMatchObject({ code: 'property_forbidden' });
    expect((await api.get('/v1/events')).status).toBe(401);
  });
}

describe('GET /v1/events over the sandbox', () => {
  feedSuite(() => startApi());
});

describeWithDatabase('GET /v1/events over PostgreSQL', (serverUrl) => {
  let acme: AcmeOverPostgres | undefined;

  feedSuite(async () => {
    acme = await startAcmeOverPostgres(serverUrl, 'hotel_events_feed');
    return acme.api;
  });

  afterAll(() => acme?.cleanUp());
});
