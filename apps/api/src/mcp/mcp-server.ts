import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { ErrorCode, ListToolsRequestSchema, McpError, type CallToolRequestParams } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { API_VERSION } from '../http/envelope.js';
import type { ApiServices } from '../services/context.js';
import { callerOf } from './caller.js';
import { callTool } from './tool-call.js';
import { toolListing } from './tool-listing.js';
import type { HotelTool } from './tools/index.js';

/** How a `tools/call` ended: `ok`, `error` (an isError result) or `failed` (a JSON-RPC error). */
export type ToolCallObserver = (tool: string, outcome: 'ok' | 'error' | 'failed') => void;

const SERVER_INFO = { name: 'hotel-api', title: 'Hotel API', version: API_VERSION };

const INSTRUCTIONS =
  'Hotel data for the properties your API key may read, each named by its code (e.g. ACME001). ' +
  'Start with get_property_info to learn a property’s currency and time zone; dates are yyyy-MM-dd.';

/**
 * The SDK builds an Ajv instance (with its formats) for every server unless given one, and that
 * costs more than the rest of a server. The server validates nothing with it that depends on the
 * request, so one is shared by every server of the process.
 */
const jsonSchemaValidator = new AjvJsonSchemaValidator();

/**
 * `tools/call` as our handler receives it. The SDK's server checks the parameters against its own
 * schema before the handler runs, and answers a malformed call with "invalid params" (-32602);
 * registering with that strict schema instead would fail earlier, as an "internal error"
 * (-32603), which blames the server. So ours only names the type the SDK has checked.
 */
const ToolsCallRequest = z.object({ method: z.literal('tools/call'), params: z.custom<CallToolRequestParams>() });

/**
 * The hotel tools as MCP request handlers, and a way to build the server for one HTTP request.
 *
 * The handlers are built once per process: `tools/list` answers with a listing (JSON Schemas
 * included) computed here, and `tools/call` finds its tool in the table; nothing in them depends
 * on the request but the caller, which arrives with each call as `extra.authInfo`. What each
 * request builds is only the SDK's low-level `Server` holding these two handlers: the SDK ties a
 * server to a single transport, and a stateless endpoint has a transport per request.
 *
 * Not `McpServer.registerTool`: per server it registers every tool again, converts every schema
 * for each `tools/list` and parses every result against its output schema, and it answers an
 * unknown tool or refused arguments with wording of its own rather than ours.
 */
export function hotelMcpServers(
  tools: Readonly<Record<string, HotelTool>>,
  services: ApiServices,
  onToolCall: ToolCallObserver = () => undefined,
): () => Server {
  const listing = toolListing(tools);
  const byName = new Map(Object.entries(tools));
  const offered = [...byName.keys()].join(', ');

  const listTools = () => listing;
  const answerToolCall = async ({ params }: z.infer<typeof ToolsCallRequest>, extra: { authInfo?: AuthInfo }) => {
    const tool = byName.get(params.name);
    // A protocol error, as the MCP spec says; anything wrong with the call itself is a tool result.
    // Only known names become metric labels: made-up ones must not grow the series.
    if (!tool) {
      onToolCall('unknown', 'failed');
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${params.name}". This server offers: ${offered}.`);
    }
    try {
      const result = await callTool(params.name, tool, params.arguments, callerOf(extra.authInfo), services);
      onToolCall(params.name, result.isError ? 'error' : 'ok');
      return result;
    } catch (error) {
      onToolCall(params.name, 'failed');
      throw error;
    }
  };

  return () => {
    const server = new Server(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator });
    server.setRequestHandler(ListToolsRequestSchema, listTools);
    server.setRequestHandler(ToolsCallRequest, answerToolCall);
    return server;
  };
}
