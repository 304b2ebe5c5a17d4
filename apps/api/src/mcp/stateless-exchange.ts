import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ErrorCode, JSONRPCRequestSchema, SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { InMemoryExchanges } from './in-memory-exchanges.js';

/**
 * Answers one POST with an MCP server of its own over the SDK's Streamable HTTP transport, the
 * SDK's stateless pattern: no session id, so any message (`tools/call` included) may come first,
 * with no `initialize` before it; the transport checks `Accept`, `Content-Type` and the JSON-RPC
 * shape; and the response closing releases the server and its transport.
 *
 * Fastify hands over the connection (`hijack`) and the body it has already parsed; the transport
 * writes the answer. Replies are plain JSON rather than an SSE stream: a stateless server sends
 * nothing but the answer, and JSON is what curl and simple clients read best. The exception is a
 * request carrying a progress token (`params._meta.progressToken`): its progress notifications
 * can only travel on an SSE stream, so that request, and only that one, is answered as one.
 *
 * The common case, one plain request, skips the transport (its web-standard Request and Response
 * objects cost more than most tools): see `plainSingleRequest` and `answerInMemory` below; a test
 * compares both ways' answers byte for byte.
 */
export async function answerStatelessly(servers: McpServers, request: FastifyRequest, reply: FastifyReply, authInfo: AuthInfo): Promise<void> {
  const single = plainSingleRequest(request);
  if (single) {
    await answerInMemory(servers.inMemory, single, request, reply, authInfo);
    return;
  }
  const server = servers.newServer();
  // SSE only when the client asked for progress: then the notifications go before the answer.
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: !asksForProgress(request.body) });
  reply.hijack();
  // Headers our hooks set (request id, rate limits, language) live on the Fastify reply, which a
  // hijacked response never sends: they go on the raw response, where the transport adds its own.
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  reply.raw.once('close', () => {
    // Closing the server closes its transport too.
    server.close().catch((error: unknown) => request.log.warn({ err: error }, 'MCP server did not close cleanly'));
  });

  try {
    await server.connect(transport);
    // The SDK hands `req.auth` to every handler as `extra.authInfo`: that is how the caller reaches the tools.
    await transport.handleRequest(Object.assign(request.raw, { auth: authInfo }), reply.raw, request.body);
  } catch (error) {
    request.log.error({ err: error }, 'MCP transport failed');
    if (reply.raw.headersSent) {
      reply.raw.destroy();
      return;
    }
    reply.raw.writeHead(500, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        jsonrpc: '2.0',
        id: null,
        error: { code: ErrorCode.InternalError, message: `An unexpected error occurred. Quote the request id ${request.id} when you contact support.` },
      }),
    );
  }
}

function asksForProgress(body: unknown): boolean {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  return messages.some((message) => {
    const meta = (message as { params?: { _meta?: { progressToken?: unknown } } } | null)?.params?._meta;
    return meta?.progressToken !== undefined;
  });
}

/**
 * The one request of a POST that the Streamable HTTP transport would answer as plain JSON with
 * nothing else to check: a single JSON-RPC request (not `initialize`, not asking for progress),
 * an Accept header naming both JSON and SSE, a JSON body (Fastify parsed it), and no protocol
 * version header or a supported one. Anything else, including every mistake, goes through the
 * SDK's transport, so that its answers (406, 415, 400, -32700…) stay exactly the SDK's.
 */
function plainSingleRequest(request: FastifyRequest): JSONRPCRequest | undefined {
  const { accept, 'mcp-protocol-version': protocolVersion } = request.headers;
  if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
  if (protocolVersion !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(String(protocolVersion))) return undefined;
  if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body)) return undefined;
  if (asksForProgress(request.body)) return undefined;
  const parsed = JSONRPCRequestSchema.safeParse(request.body);
  return parsed.success && parsed.data.method !== 'initialize' ? parsed.data : undefined;
}

/**
 * The transport's JSON answer to such a request, without the transport: the process's in-memory
 * server handles the request as over any transport (handler, checks, JSON-RPC errors), and the
 * answer goes out through Fastify's reply, with the headers our hooks set. The server holds no
 * caller state between requests: the caller travels with each request as its auth info.
 */
async function answerInMemory(exchanges: InMemoryExchanges, message: JSONRPCRequest, request: FastifyRequest, reply: FastifyReply, authInfo: AuthInfo): Promise<void> {
  const answer = await exchanges.exchange(message, { authInfo, requestInfo: { headers: request.headers } });
  await reply.code(200).type('application/json').send(JSON.stringify(answer));
}

/** How `/mcp` answers: plain single requests through one long-lived server in memory, the rest with a server per request. */
export interface McpServers {
  readonly inMemory: InMemoryExchanges;
  newServer(): Server;
}

/** One server of `newServer`'s kind, connected once to the in-memory exchanges every plain request shares. */
export async function mcpServers(newServer: () => Server): Promise<McpServers> {
  const inMemory = new InMemoryExchanges();
  await newServer().connect(inMemory);
  return { inMemory, newServer };
}
