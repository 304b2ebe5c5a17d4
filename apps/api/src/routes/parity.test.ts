import { ParityHistoryResponse, ParityResponse, parityStatus } from '@hotelapi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITED_AUTH, SANDBOX_AUTH, TEST_NOW, startApi, type RunningApi } from '../test-support/start-api.js';

/** TEST_NOW is 2026-11-21. */
const VIEW = '/v1/parity/ACME001?from=2026-12-01&to=2026-12-31&nights=2';
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('GET /v1/parity/{code}', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('judges every channel on every arrival date by the documented rule, with a summary per channel', async () => {
    const response = await api.get(`${VIEW}&tolerance=2`, SANDBOX_AUTH);
    expect(response.status).toBe(200);
    const { data, summary } = ParityResponse.parse(response.body);
    expect(data?.dates).toHaveLength(31);
    const statuses = new Set<string>();
    for (const date of data?.dates ?? []) {
      for (const channel of date.channels) {
        statuses.add(channel.status);
        expect(channel.status).toBe(parityStatus(date.direct ?? 0, channel.price, 2));
      }
    }
    // The sandbox's agencies sit on both sides of the direct price, its CRSs near it.
    expect([...statuses].sort()).toEqual(['LOSE', 'MEET', 'WIN']);
    for (const channel of summary.channels) {
      const judged = (data?.dates ?? []).flatMap((date) => date.channels.filter((c) => c.channel === channel.channel).map((c) => ({ date: date.date, direct: date.direct ?? 0, ...c })));
      expect(channel.dates).toBe(judged.length);
      expect(channel.won + channel.met + channel.lost).toBeCloseTo(1, 2);
      const losses = judged.filter((c) => c.status === 'LOSE');
      if (losses.length === 0) expect(channel.largestUndercut).toBeNull();
      else expect(channel.largestUndercut?.amount).toBeCloseTo(Math.max(...losses.map((c) => c.direct - c.price)), 1);
    }
  });

  it('prices the same stay as the shopper: direct price and channel prices of the cheapest rate', async () => {
    const view = await api.get('/v1/parity/ACME001?from=2026-12-10&to=2026-12-10&nights=3&currency=USD', SANDBOX_AUTH);
    const shop = await api.get('/v1/shopper/ACME001?checkIn=2026-12-10&checkOut=2026-12-13&currency=USD', SANDBOX_AUTH);
    const [date] = view.body.data.dates;
    expect(date.direct).toBe(shop.body.data.rates[0].price);
    expect(date.rateId).toBe(shop.body.data.rates[0].rateId);
    expect(date.channels.map((c: { channel: string; price: number }) => [c.channel, c.price])).toEqual(
      shop.body.data.channels.map((c: { source_id: string; price: number }) => [c.source_id, c.price]),
    );
  });

  it('limits to one channel; a wider tolerance meets more', async () => {
    const one = await api.get(`${VIEW}&channel=OTA_01`, SANDBOX_AUTH);
    expect(one.body.summary.channels.map((c: { channel: string }) => c.channel)).toEqual(['OTA_01']);
    const wide = await api.get(`${VIEW}&tolerance=100`, SANDBOX_AUTH);
    for (const channel of wide.body.summary.channels) expect(channel.lost).toBe(0);
  });

  it('serves the same data as the MCP tool get_property_parity', async () => {
    const rest = await api.get(`${VIEW}&tolerance=1.5&currency=GBP`, SANDBOX_AUTH);
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_property_parity', arguments: { hotelCode: 'ACME001', from: '2026-12-01', to: '2026-12-31', nights: 2, tolerance: 1.5, currency: 'GBP' } },
    });
    const mcp = await api.request('POST', '/mcp', { headers: { ...SANDBOX_AUTH, ...MCP_HEADERS }, body });
    expect(mcp.body.result.isError).toBe(false);
    expect(mcp.body.result.structuredContent.data).toEqual({ ...rest.body.data, summary: rest.body.summary.channels });
    expect(mcp.body.result.content[0].text).toMatch(/channels compared/);
  });

  describe('400 naming the parameter', () => {
    it.each([
      ['to=2026-12-10', 'from'],
      ['from=2026-12-10', 'to'],
      ['from=2026-12-10&to=2026-12-01', 'to'],
      ['from=2026-12-01&to=2027-03-01', 'to'],
      ['from=2026-11-01&to=2026-12-01', 'from'],
      ['from=2027-11-01&to=2027-12-01', 'to'],
      ['from=2026-12-01&to=2026-12-05&tolerance=101', 'tolerance'],
      ['from=2026-12-01&to=2026-12-05&tolerance=-1', 'tolerance'],
      ['from=2026-12-01&to=2026-12-05&tolerance=lots', 'tolerance'],
      ['from=2026-12-01&to=2026-12-05&channel=OTA_99', 'channel'],
      ['from=2026-12-01&to=2026-12-05&currency=XYZ', 'currency'],
      ['from=2026-12-01&to=2026-12-05&nights=0', 'nights'],
      ['from=2026-12-01&to=2026-12-05&nights=31', 'nights'],
    ])('%s → %s', async (query, param) => {
      const response = await api.get(`/v1/parity/ACME001?${query}`, SANDBOX_AUTH);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ data: null, error: { type: 'invalid_request_error', param } });
    });
  });

  it('keeps the grants', async () => {
    expect((await api.get(VIEW.replace('ACME001', 'ACME002'), LIMITED_AUTH)).status).toBe(403);
    expect((await api.get(VIEW)).status).toBe(401);
  });
});

describe('GET /v1/parity/{code}/history', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  const HISTORY = '/v1/parity/ACME001/history?checkIn=2026-12-10&checkOut=2026-12-13';

  it("gives the sandbox's daily collections of the last 30 days, oldest first, each judged", async () => {
    const response = await api.get(HISTORY, SANDBOX_AUTH);
    expect(response.status).toBe(200);
    const { data } = ParityHistoryResponse.parse(response.body);
    const observations = data?.observations ?? [];
    expect(observations).toHaveLength(30);
    const times = observations.map((o) => Date.parse(o.collectedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.max(...times)).toBeLessThanOrEqual(TEST_NOW.getTime());
    expect(new Set(observations.map((o) => o.direct)).size).toBeGreaterThan(1);
    for (const observation of observations) {
      for (const channel of observation.channels) expect(channel.status).toBe(parityStatus(observation.direct ?? 0, channel.price, 1));
    }
    // Deterministic: the same answer twice.
    expect((await api.get(HISTORY, SANDBOX_AUTH)).body.data).toEqual(response.body.data);
  });

  it('keeps only collections since a date or an instant', async () => {
    const sinceDate = await api.get(`${HISTORY}&since=2026-11-15`, SANDBOX_AUTH);
    expect(sinceDate.body.data.observations).toHaveLength(7);
    const sinceInstant = await api.get(`${HISTORY}&since=2026-11-20T07:00:00Z`, SANDBOX_AUTH);
    expect(sinceInstant.body.data.observations).toHaveLength(1);
  });

  it.each([
    ['checkIn=2026-12-10', 'checkOut'],
    ['checkIn=2026-12-10&checkOut=2026-12-13&since=yesterday', 'since'],
    ['checkIn=2026-12-10&checkOut=2026-12-13&tolerance=200', 'tolerance'],
    ['checkIn=2026-11-01&checkOut=2026-11-03', 'checkIn'],
  ])('%s → 400 naming %s', async (query, param) => {
    const response = await api.get(`/v1/parity/ACME001/history?${query}`, SANDBOX_AUTH);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ param });
  });
});
