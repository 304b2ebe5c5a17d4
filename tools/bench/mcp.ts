import { alternate } from './alternate.js';
import { expectOk, LoadClient, type BenchRequest } from './load.js';
import { fromSource, startServer } from './processes.js';
import { API_KEY_HEADERS, dayFromToday, type Scenario } from './scenario.js';

const MCP_HEADERS = { ...API_KEY_HEADERS, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

function toolCall(name: string, args: Record<string, unknown>): BenchRequest {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
  return { method: 'POST', path: '/mcp', headers: MCP_HEADERS, body };
}

const STAY = { checkIn: dayFromToday(30), checkOut: dayFromToday(33) };

export const MCP_PROPERTY_INFO = [toolCall('get_property_info', { hotelCode: 'ACME001' })];

export const MCP_ALL_TOOLS = [
  toolCall('get_property_info', { hotelCode: 'ACME001' }),
  toolCall('get_property_rooms', { hotelCode: 'ACME002' }),
  toolCall('get_property_reviews', { hotelCode: 'ACME003', limit: 5 }),
  toolCall('get_property_lowest_monthly_rates', { hotelCode: 'ACME004' }),
  toolCall('shop_property_rate', { hotelCode: 'ACME005', ...STAY }),
  toolCall('get_property_availability_single', { hotelCode: 'ACME006', ...STAY, adults: 2, currency: 'EUR' }),
];

/**
 * `tools/call` on POST /mcp against the MCP SDK's stateless example pattern, a new `McpServer`
 * and transport per request (`peers/mcp-sdk-stateless.ts`), running the same tool handlers over
 * the same services: the same calls are repeated, so the services' answer cache serves both
 * sides alike, and the ratio is what our MCP transport costs against the SDK's.
 */
export const mcpScenario: Scenario = {
  group: 'mcp',
  async run(context) {
    const peer = await startServer('MCP SDK stateless', fromSource('./peers/mcp-sdk-stateless.ts'), context.tls);
    const peerClient = new LoadClient(peer.origin, context.tls.cert, context.connections);
    const check = expectOk('"isError":false');
    const pair = (requests: readonly BenchRequest[]) =>
      [
        { server: context.api, client: context.apiClient, requests, check },
        { name: 'SDK stateless', server: peer, client: peerClient, requests, check },
      ] as const;
    try {
      return [
        await alternate(context, 'MCP get_property_info repeated (same services and answer cache on both sides)', ...pair(MCP_PROPERTY_INFO), 4),
        await alternate(context, 'MCP six tools cycled (same services and answer cache on both sides)', ...pair(MCP_ALL_TOOLS), 3),
      ];
    } finally {
      await peerClient.close();
      await peer.stop();
    }
  },
};
