import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers one POST with an MCP server of its own over the SDK's Streamable HTTP transport, the
 * SDK's stateless pattern: no session id, so any message (`tools/call` included) may come first,
 * with no `initialize` before it; the transport checks `Accept`, `Content-Type` and the JSON-RPC
 * shape. Once the answer is out, nothing refers to the server or its transport and both are
 * garbage: a JSON answer leaves no stream, timer or pending request behind. They are not
 * `close()`d, because closing builds a "connection closed" McpError (a stack trace) for every
 * request, the largest single cost of the exchange in a CPU profile.
 *
 * The SDK's web-standard transport, the one its Node transport wraps: it is handed a `Request`
 * carrying the method, URL and headers, and the body Fastify has already parsed, and its
 * `Response` goes out through Fastify's reply (with our hooks' headers: request id, rate limits,
 * language). The Node wrapper would build a Node-to-fetch request listener for every request and
 * write past Fastify, for the same exchange. Replies are plain JSON rather than an SSE stream: a
 * stateless server sends nothing but the answer, and JSON is what curl and simple clients read best.
 */
export async function answerStatelessly(server: Server, request: FastifyRequest, reply: FastifyReply, authInfo: AuthInfo): Promise<FastifyReply> {
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  const answer = await transport.handleRequest(webRequestOf(request), { authInfo, parsedBody: request.body });
  reply.code(answer.status);
  answer.headers.forEach((value, name) => void reply.header(name, value));
  // A 202 (notifications only) has no body.
  return reply.send(answer.body === null ? undefined : await answer.text());
}

/** What the transport reads of the HTTP request: method, URL and headers (the body is passed parsed). */
function webRequestOf(request: FastifyRequest): Request {
  const headers = new Headers();
  const raw = request.raw.rawHeaders;
  for (let index = 0; index < raw.length; index += 2) headers.append(raw[index], raw[index + 1]);
  return new Request(urlOf(request), { method: request.method, headers });
}

function urlOf(request: FastifyRequest): string {
  // Handlers see it as `extra.requestInfo.url`; a Host header no URL can be made of must not fail the call.
  return URL.canParse(`https://${request.host}${request.url}`) ? `https://${request.host}${request.url}` : `https://localhost${request.url}`;
}
