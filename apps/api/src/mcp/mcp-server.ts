import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  InitializeRequestSchema,
  LATEST_PROTOCOL_VERSION,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolRequest,
  type InitializeRequest,
  type InitializeResult,
  type ListToolsResult,
  type ReadResourceResult,
  type ProgressToken,
} from '@modelcontextprotocol/sdk/types.js';
import { SANDBOX_PHOTO_ORIGIN } from '@hotelapi/connectors';
import type { ProgressReport } from '../services/availability.js';
import { API_VERSION } from '../http/envelope.js';
import type { ApiServices } from '../services/context.js';
import { CHAIN_SEARCH_APP_META, CHAIN_SEARCH_APP_URI, chainSearchAppHtml, MCP_APP_MIME_TYPE } from './app/chain-search-app.js';
import { complete } from './browsing/completion.js';
import { listPropertyResources, PROPERTY_TEMPLATE, readPropertyResource } from './browsing/property-resources.js';
import { getPrompt, PROMPT_LISTING } from './browsing/prompts.js';
import { callerOf, type McpCaller } from './caller.js';
import { guardedMethod, type McpMethod, type RequestExtra } from './request-guard.js';
import { callTool } from './tool-call.js';
import { toolListing } from './tool-listing.js';
import type { HotelTool } from './tools/index.js';

/** How a `tools/call` ended: `ok`, `error` (an isError result) or `failed` (a JSON-RPC error). */
export type ToolCallObserver = (tool: string, outcome: 'ok' | 'error' | 'failed') => void;

export const SERVER_INFO = { name: 'hotel-api', title: 'Hotel API', version: API_VERSION };

/** Tools, the properties as resources (no subscriptions: a stateless server has no one to notify), prompts, completion. */
export const CAPABILITIES = { tools: {}, resources: {}, prompts: {}, completions: {} };

export const INSTRUCTIONS =
  'Hotel data for the properties your API key may read, each named by its code (e.g. ACME001). ' +
  'Start with get_property_info to learn a property’s currency and time zone; dates are yyyy-MM-dd. ' +
  'The properties you may read are resources (hotel://properties/{code}); search_chain_availability searches a whole chain.';

/**
 * The hotel tools, resources, prompts and completion as MCP request handlers.
 *
 * The handlers are built once per process: `tools/list` answers with a listing (JSON Schemas
 * included) computed here, and `tools/call` finds its tool in the table; nothing in them depends
 * on the request but the caller, which arrives with each call as `extra.authInfo`. A plain single
 * request is answered by them directly (`PlainRequests`); any other builds the SDK's low-level
 * `Server` holding them (`sdk-server.ts`): the SDK ties a server to a single transport, and a
 * stateless endpoint has a transport per request.
 *
 * Not `McpServer.registerTool`: per server it registers every tool again, converts every schema
 * for each `tools/list` and parses every result against its output schema, and it answers an
 * unknown tool or refused arguments with wording of its own rather than ours.
 */
export function hotelMcpMethods(
  tools: Readonly<Record<string, HotelTool>>,
  services: ApiServices,
  onToolCall: ToolCallObserver = () => undefined,
): readonly McpMethod[] {
  const listing = withApp(toolListing(tools), 'search_chain_availability');
  const byName = new Map(Object.entries(tools));
  const offered = [...byName.keys()].join(', ');

  const listTools = () => listing;
  const answerToolCall = async ({ params }: CallToolRequest, extra: RequestExtra) => {
    const tool = byName.get(params.name);
    // A protocol error, as the MCP spec says; anything wrong with the call itself is a tool result.
    // Only known names become metric labels: made-up ones must not grow the series.
    if (!tool) {
      onToolCall('unknown', 'failed');
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${params.name}". This server offers: ${offered}.`);
    }
    try {
      // Only chain tools report progress; the others never call it.
      const progress = progressNotifier(params._meta?.progressToken, extra);
      const result = await callTool(params.name, tool, params.arguments, callerOf(extra.authInfo), services, progress);
      onToolCall(params.name, result.isError ? 'error' : 'ok');
      return result;
    } catch (error) {
      onToolCall(params.name, 'failed');
      throw error;
    }
  };

  // Every handler behind the one mapping of failures to JSON-RPC errors (see `guardedMethod`),
  // initialize included: the SDK's own answers params it refuses with zod's dump as -32603.
  return [
    guardedMethod(InitializeRequestSchema, initialize),
    guardedMethod(ListToolsRequestSchema, listTools),
    guardedMethod(CallToolRequestSchema, answerToolCall),
    guardedMethod(ListResourceTemplatesRequestSchema, () => PROPERTY_TEMPLATE),
    guardedMethod(ListResourcesRequestSchema, (request, extra) => listPropertyResources(services, callerOf(extra.authInfo), request.params?.cursor)),
    guardedMethod(ReadResourceRequestSchema, (request, extra) =>
      request.params.uri === CHAIN_SEARCH_APP_URI
        ? chainSearchAppResource(services, callerOf(extra.authInfo))
        : readPropertyResource(services, callerOf(extra.authInfo), request.params.uri),
    ),
    guardedMethod(ListPromptsRequestSchema, () => PROMPT_LISTING),
    guardedMethod(GetPromptRequestSchema, (request, extra) => getPrompt(services, callerOf(extra.authInfo), request.params.name, request.params.arguments)),
    guardedMethod(CompleteRequestSchema, (request, extra) => complete(services, callerOf(extra.authInfo), request.params)),
  ];
}

/** `initialize` as the SDK answers it, minus keeping the client's capabilities: a stateless server never asks the client anything. */
function initialize({ params }: InitializeRequest): InitializeResult {
  const protocolVersion = SUPPORTED_PROTOCOL_VERSIONS.includes(params.protocolVersion) ? params.protocolVersion : LATEST_PROTOCOL_VERSION;
  return { protocolVersion, capabilities: CAPABILITIES, serverInfo: SERVER_INFO, instructions: INSTRUCTIONS };
}

/**
 * Progress notifications for a call whose client sent a progress token (and only then: the
 * stateless route answers such a request as an SSE stream, any other as plain JSON). A failed
 * notification (the client went away) is no reason to fail the call.
 */
function progressNotifier(token: ProgressToken | undefined, extra: RequestExtra): ProgressReport | undefined {
  if (token === undefined) return undefined;
  return (step, steps, message) => {
    extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: step, total: steps, message } }).catch(() => undefined);
  };
}
/**
 * The listing with the MCP App linked to its tool (`_meta.ui.resourceUri`): hosts that support
 * MCP Apps render the result with it; the others ignore `_meta` and use the text and structured content.
 */
function withApp(listing: ListToolsResult, toolName: string): ListToolsResult {
  return { tools: listing.tools.map((tool) => (tool.name === toolName ? { ...tool, _meta: { ...tool._meta, ...CHAIN_SEARCH_APP_META } } : tool)) };
}

/**
 * The app's page, the same for every caller: it holds no data, only what renders the call's result.
 * Hosts let an app's frame load nothing from the network unless its resource names the origins
 * (`_meta.ui.csp`); the cards show the properties' photos, so those origins are named. The page
 * matters more than its photos: while the catalog cannot be read, it goes out naming none (the
 * cards then show their placeholder).
 */
async function chainSearchAppResource(services: ApiServices, caller: McpCaller): Promise<ReadResourceResult> {
  const properties = await services.connectors.catalog.getProperties(services.directory.propertyCodes).catch(() => []);
  const photoUrls = properties.flatMap(({ photos }) => [photos.default, photos.medium, photos.large]);
  // The sandbox's photos are this service's own, wherever the caller reached it (routes/chain-answer-shown.ts).
  const here = (origin: string) => (origin === SANDBOX_PHOTO_ORIGIN ? caller.origin : origin);
  const photoOrigins = [...new Set(photoUrls.filter((url) => URL.canParse(url)).map((url) => here(new URL(url).origin)))];
  return {
    contents: [
      { uri: CHAIN_SEARCH_APP_URI, mimeType: MCP_APP_MIME_TYPE, text: chainSearchAppHtml(), _meta: { ui: { csp: { resourceDomains: photoOrigins } } } },
    ],
  };
}
