import { GetParityAlertsData } from '@hotelapi/domain';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITED_AUTH, SANDBOX_AUTH, startApi, type RunningApi } from '../../test-support/start-api.js';

/** TEST_NOW is 2026-11-21. */
const ARRIVAL = '2026-12-10';

describe('MCP get_parity_alerts', () => {
  let api: RunningApi;
  const clients: Client[] = [];
  const connect = async (headers: Record<string, string>) => {
    const client = new Client({ name: 'hotel-api-tests', version: '1.0.0' });
    const fetch: FetchLike = (url, init) => undiciFetch(url, { ...(init as UndiciRequestInit), dispatcher: api.dispatcher }) as unknown as Promise<Response>;
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', api.url), { requestInit: { headers }, fetch }));
    await client.listTools();
    clients.push(client);
    return client;
  };
  const alerts = async (client: Client, args: Record<string, unknown>) => (await client.callTool({ name: 'get_parity_alerts', arguments: args })) as CallToolResult;

  beforeAll(async () => {
    api = await startApi();
    // A channel undercutting ACME001's and ACME002's lowest direct rates, pushed as a collection.
    for (const [property, nights] of [['ACME001', 1], ['ACME002', 2]] as const) {
      const parity = await api.get(`/v1/parity/${property}?from=${ARRIVAL}&to=2026-12-20&nights=${nights}&channel=OTA_01`, SANDBOX_AUTH);
      const date = (parity.body.data.dates as { date: string; direct: number; roomId: string | null; rateId: string }[]).find((entry) => entry.roomId !== null);
      if (!date) throw new Error(`${property} sells nothing direct from ${ARRIVAL}`);
      const record = {
        type: 'channelShop', property, arrival: date.date, nights, adults: 2, children: 0, collectedAt: '2026-11-21T09:59:00Z',
        prices: [{ room: date.roomId, ratePlan: date.rateId, channel: 'OTA_01', price: Math.floor(date.direct * 0.7) }],
      };
      const pushed = await api.request('POST', '/v1/data', { headers: { ...SANDBOX_AUTH, 'content-type': 'application/x-ndjson' }, body: `${JSON.stringify(record)}\n` });
      expect(pushed.status, pushed.text).toBe(200);
    }
    await api.app.eventWork.parity.settle();
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await api.close();
  });

  it('gives a property’s breaches, and a chain’s only where the caller’s grants reach', async () => {
    const client = await connect(SANDBOX_AUTH);
    const property = GetParityAlertsData.parse((await alerts(client, { hotelCode: 'ACME001' })).structuredContent?.['data']);
    expect(property.alerts).toEqual([expect.objectContaining({ type: 'parity.breach', data: expect.objectContaining({ property: 'ACME001', channel: 'OTA_01', status: 'LOSE' }) })]);
    const chain = GetParityAlertsData.parse((await alerts(client, { chainCode: 'ACME' })).structuredContent?.['data']);
    expect(chain.alerts.map((alert) => ('property' in alert.data ? alert.data.property : null)).sort()).toEqual(['ACME001', 'ACME002']);

    const limited = await connect(LIMITED_AUTH);
    const granted = GetParityAlertsData.parse((await alerts(limited, { chainCode: 'ACME' })).structuredContent?.['data']);
    expect(granted.alerts.map((alert) => ('property' in alert.data ? alert.data.property : null))).toEqual(['ACME001']);
    const refused = await alerts(limited, { hotelCode: 'ACME002' });
    expect(refused.isError).toBe(true);
    const neither = await alerts(client, {});
    expect(neither.isError).toBe(true);
  });
});
