import type { KeyStore } from '@hotelapi/auth';
import type { FastifyInstance } from 'fastify';
import { ApiFailure, methodNotAllowed } from '../failures/api-failure.js';
import { batchTooLarge } from '../failures/operational-errors.js';
import { principalOf } from '../http/plugins/api-key-auth.js';
import { handleErrorsWith } from '../http/plugins/error-envelope.js';
import type { ApiServices } from '../services/context.js';
import { authInfoFor, type McpCaller } from './caller.js';
import { jsonRpcError } from './json-rpc-error.js';
import type { ToolCallObserver } from './mcp-server.js';
import { refuseForeignOrigins } from './origin-guard.js';
import { refuseForeignHosts } from './sign-in/host-guard.js';
import { authenticateMcpCaller } from './sign-in/mcp-authentication.js';
import { protectedResource, protectedResourceRoutes } from './sign-in/protected-resource.js';
import type { answerStatelessly, McpServers } from './stateless-exchange.js';

export interface McpRouteOptions {
  readonly services: ApiServices;
  readonly keyStore: KeyStore;
  /** Browser origins allowed to call `/mcp` (`MCP_ALLOWED_ORIGINS`); requests without Origin pass. */
  readonly allowedOrigins: readonly string[];
  /** Host names `/mcp` answers to (see `allowedHosts`). */
  readonly allowedHosts: readonly string[];
  /** `MCP_RESOURCE_URL`, else derived from the Host header. */
  readonly resourceUrl: string | undefined;
  /** `OAUTH_ISSUER`: its access tokens are accepted besides API keys. */
  readonly oauthIssuer: string | undefined;
  /** Most messages in one JSON-RPC batch (`MCP_MAX_BATCH`). */
  readonly maxBatch: number;
  /** Told of every `tools/call` and how it ended, for the metrics. */
  readonly onToolCall?: ToolCallObserver;
}

const MCP_DESCRIPTION =
  'Stateless JSON-RPC 2.0 over the MCP Streamable HTTP transport: tools/list and tools/call for the six hotel tools. ' +
  'Send Content-Type: application/json and Accept: application/json, text/event-stream. No initialize is needed first.';

/**
 * `POST /mcp`, in a context of its own whose failures are JSON-RPC error bodies (what MCP clients
 * read), not REST envelopes, and its Protected Resource Metadata. In order: the Host and Origin
 * guards (DNS rebinding), the caller (an API key or an OAuth access token; 401 with
 * `WWW-Authenticate: Bearer resource_metadata="…"` before any MCP work; wrong ones spend the
 * address's budget of failed authentications, as on REST), the per-key rate limit
 * shared with the REST endpoints, then a fresh MCP server answers the message, the caller
 * travelling with it as its auth info. GET (the SSE stream of a stateful server) and DELETE
 * (ending a session) have nothing to serve here: 405.
 */
export async function mcpRoutes(app: FastifyInstance, options: McpRouteOptions): Promise<void> {
  const { services, keyStore, allowedOrigins, allowedHosts, resourceUrl, oauthIssuer, maxBatch, onToolCall } = options;
  // Built once, at the first /mcp request (a start that serves no MCP client does not load the
  // tools, the SDK's schemas, server and transport): every request shares the tool handlers, tool
  // list and JSON Schemas. A failed build is not kept.
  let exchange: Promise<McpExchange> | undefined;
  let built: McpExchange | undefined;
  const mcpExchange = (): Promise<McpExchange> =>
    (exchange ??= loadMcpExchange(services, onToolCall).then(
      (loaded) => (built = loaded),
      (error: unknown) => {
        exchange = undefined;
        throw error;
      },
    ));
  const resource = protectedResource(resourceUrl);
  // jose and the SDK's discovery load only where OAuth sign-in is configured.
  const accessTokens = oauthIssuer === undefined ? undefined : (await import('./sign-in/access-tokens.js')).accessTokenVerifier(oauthIssuer);
  handleErrorsWith(app, (request, _reply, error) => jsonRpcError(request, error));
  app.addHook('onRequest', refuseForeignHosts(allowedHosts));
  app.addHook('onRequest', refuseForeignOrigins(allowedOrigins));
  await protectedResourceRoutes(app, { resource, issuer: oauthIssuer });
  // Any other body reaches the transport as text, so that it, not Fastify, refuses a wrong
  // Content-Type: one check, with the SDK's wording, whatever the type.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/mcp',
    {
      schema: { tags: ['mcp'], operationId: 'postMcp', summary: 'MCP endpoint', description: MCP_DESCRIPTION, security: [{ apiKey: [] }] },
      onRequest: authenticateMcpCaller({ keyStore, accessTokens, resource }),
    },
    async (request, reply) => {
      if (Array.isArray(request.body) && request.body.length === 0) throw emptyBatch();
      if (Array.isArray(request.body) && request.body.length > maxBatch) throw batchTooLarge(maxBatch);
      // The rate limit counted this POST once; every further message of a batch that reads data counts too.
      const furtherMessages = dataReadingMessagesIn(request.body) - 1;
      if (furtherMessages > 0) await request.server.spendMore(request, reply, furtherMessages);
      // Summaries and translated fields follow Accept-Language (availability's `lang` argument aside).
      reply.header('content-language', request.language).header('vary', 'Accept-Language');
      const caller: McpCaller = {
        principal: principalOf(request),
        language: request.language,
        acceptLanguage: request.headers['accept-language'],
        origin: `${request.protocol}://${request.host}`,
        requestId: request.id,
        log: request.log,
      };
      const { servers, answerStatelessly } = built ?? (await mcpExchange());
      await answerStatelessly(servers, request, reply, authInfoFor(caller));
    },
  );

  app.route({
    method: ['GET', 'DELETE'],
    url: '/mcp',
    schema: { hide: true },
    handler: async (request) => {
      throw methodNotAllowed(request.method, ['POST']);
    },
  });
}

interface McpExchange {
  readonly servers: McpServers;
  readonly answerStatelessly: typeof answerStatelessly;
}

async function loadMcpExchange(services: ApiServices, onToolCall?: ToolCallObserver): Promise<McpExchange> {
  const [{ hotelMcpMethods }, { answerStatelessly: answer, mcpServers }, { HOTEL_TOOLS, HOTEL_EVENT_TOOLS }, { HOTEL_CHAIN_TOOLS }] = await Promise.all([
    import('./mcp-server.js'),
    import('./stateless-exchange.js'),
    import('./tools/index.js'),
    import('./chain-tools/index.js'),
  ]);
  const tools = { ...HOTEL_TOOLS, ...HOTEL_CHAIN_TOOLS, ...HOTEL_EVENT_TOOLS };
  return { servers: mcpServers(hotelMcpMethods(tools, services, onToolCall)), answerStatelessly: answer };
}

/** Messages that read hotel data (or the key's catalog): each spends the caller's rate limit. */
const DATA_READING_METHODS: ReadonlySet<unknown> = new Set(['tools/call', 'resources/read', 'resources/list', 'prompts/get', 'completion/complete']);

/** How many data-reading messages a JSON-RPC body carries (a batch is an array of messages). */
function dataReadingMessagesIn(body: unknown): number {
  if (!Array.isArray(body)) return 1;
  return body.filter((message: unknown) => DATA_READING_METHODS.has((message as { method?: unknown } | null)?.method)).length;
}

/** JSON-RPC 2.0: an empty array is not a batch but an invalid request. */
function emptyBatch(): ApiFailure {
  return new ApiFailure('request_invalid', 'An empty batch holds no message: send a JSON-RPC request or a non-empty array of them.', { status: 400 });
}
