import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { McpMethod } from './request-guard.js';
import { newSdkServer } from './sdk-server.js';

/**
 * Answers one POST with an MCP server of its own over the SDK's Streamable HTTP transport, the
 * SDK's stateless pattern: no session id; the transport checks `Accept`, `Content-Type` and the
 * JSON-RPC shape; and the response closing releases the server and its transport. Loaded on the
 * first POST that `answerStatelessly` does not answer plainly.
 *
 * Fastify hands over the connection (`hijack`) and the body it has already parsed; the transport
 * writes the answer. Replies are plain JSON rather than an SSE stream: a stateless server sends
 * nothing but the answer, and JSON is what curl and simple clients read best. The exception is a
 * request carrying a progress token (`params._meta.progressToken`): its progress notifications
 * can only travel on an SSE stream, so that request, and only that one, is answered as one.
 */
export async function answerOverTransport(methods: readonly McpMethod[], request: FastifyRequest, reply: FastifyReply, authInfo: AuthInfo): Promise<void> {
  const server = newSdkServer(methods);
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
