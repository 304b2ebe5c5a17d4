import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { CallToolRequestParamsSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { API_VERSION } from '../http/envelope.js';
import { callTool, type CallEnvironment } from './tool-call.js';
import type { Toolbox } from './toolbox.js';

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
 * `tools/call` as our handler receives it. The SDK's server checks the parameters itself and
 * answers a malformed call with "invalid params" (-32602); registering with its strict schema
 * instead would fail earlier, as an "internal error" (-32603), which blames the server.
 */
const ToolsCallRequest = z.object({ method: z.literal('tools/call'), params: z.unknown() });

/**
 * The MCP server for one HTTP request. The SDK's low-level `Server` rather than `McpServer`: the
 * tool list and its JSON Schemas are computed once per process (`Toolbox`) and handed out as they
 * are, and arguments are checked by the domain schemas in our own dispatch, so a request builds
 * nothing but the server object itself.
 */
export function createMcpServer(toolbox: Toolbox, environment: CallEnvironment & { readonly onToolCall?: ToolCallObserver }): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator });
  server.setRequestHandler(ListToolsRequestSchema, () => toolbox.listing);
  server.setRequestHandler(ToolsCallRequest, async (request, extra) => {
    // Already checked by the SDK (see ToolsCallRequest); parsed again only to be typed.
    const params = CallToolRequestParamsSchema.parse(request.params);
    // Only known tool names become metric labels: a client's made-up names must not grow the series.
    const tool = toolbox.find(params.name) ? params.name : 'unknown';
    try {
      const result = await callTool(toolbox, params, extra.authInfo, environment);
      environment.onToolCall?.(tool, result.isError ? 'error' : 'ok');
      return result;
    } catch (error) {
      environment.onToolCall?.(tool, 'failed');
      throw error;
    }
  });
  return server;
}
