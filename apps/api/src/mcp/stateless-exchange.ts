import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PlainRequests } from './plain-requests.js';
import type { McpMethod } from './request-guard.js';

/**
 * Answers one POST to `/mcp`, statelessly: no session id, so any message (`tools/call` included)
 * may come first, with no `initialize` before it.
 *
 * The common case, one plain message, skips the SDK's transport and server (their web-standard
 * Request and Response objects, schema checks and promise chains cost more than most tools, and
 * their modules load only when needed): see `acceptsPlainAnswer` and `answerPlainly` below. Any
 * other POST goes through the SDK's Streamable HTTP transport (`transport-exchange.ts`); a test
 * compares both ways' answers byte for byte.
 */
export async function answerStatelessly(servers: McpServers, request: FastifyRequest, reply: FastifyReply, authInfo: AuthInfo): Promise<void> {
  if (acceptsPlainAnswer(request)) {
    if (isPlainRequest(request.body)) return answerPlainly(servers.plain, request.body, request, reply, authInfo);
    // A stateless server has nothing to do with a notification (no session, no request of its own
    // to cancel): the transport takes it with 202 and no body, and so do we.
    if (isPlainNotification(request.body)) return reply.code(202).send();
  }
  const { answerOverTransport } = await import('./transport-exchange.js');
  await answerOverTransport(servers.methods, request, reply, authInfo);
}

/**
 * Whether the Streamable HTTP transport would answer this POST's single JSON message as plain JSON
 * with nothing else to check: an Accept header naming both JSON and SSE, no protocol version header
 * or a supported one (the transport does not check it on `initialize`, so neither answer differs).
 * The message itself is judged by `isPlainRequest` or `isPlainNotification`; anything else,
 * including every mistake, goes through the SDK's transport, so that its answers (406, 415, 400,
 * -32700…) stay exactly the SDK's.
 */
function acceptsPlainAnswer(request: FastifyRequest): boolean {
  const { accept, 'mcp-protocol-version': protocolVersion } = request.headers;
  if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) return false;
  return protocolVersion === undefined || SUPPORTED_PROTOCOL_VERSIONS.includes(String(protocolVersion));
}

const MESSAGE_KEYS: ReadonlySet<string> = new Set(['jsonrpc', 'id', 'method', 'params']);

/**
 * A JSON-RPC request the SDK's strict request schema accepts as it is, checked by hand (that
 * schema copies the message to check it): only the request's four members, version 2.0, a string
 * or integer id, a method, params absent or an object without `_meta` or `task` (the SDK's own
 * handling of those is the transport's). Whatever this does not accept the transport judges;
 * `initialize` is a request like any other here (a stateless transport keeps nothing of it).
 */
function isPlainRequest(body: unknown): body is JSONRPCRequest {
  if (!isPlainMessage(body)) return false;
  const { id } = body as Record<string, unknown>;
  return typeof id === 'string' || Number.isSafeInteger(id);
}

/** The same for a notification: no id at all. */
function isPlainNotification(body: unknown): boolean {
  return isPlainMessage(body) && !('id' in body);
}

function isPlainMessage(body: unknown): body is object {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { jsonrpc, method, params } = body as Record<string, unknown>;
  for (const key in body) if (!MESSAGE_KEYS.has(key)) return false;
  if (jsonrpc !== '2.0' || typeof method !== 'string') return false;
  if (params === undefined) return true;
  return typeof params === 'object' && params !== null && !Array.isArray(params) && !('_meta' in params) && !('task' in params);
}

/**
 * The transport's JSON answer to such a request, without transport or server: its method's handler
 * answers it (`PlainRequests`), and the answer goes out through Fastify's reply, with the headers
 * our hooks set. Nothing is kept between requests: the caller travels with each as its auth info.
 */
async function answerPlainly(plain: PlainRequests, message: JSONRPCRequest, request: FastifyRequest, reply: FastifyReply, authInfo: AuthInfo): Promise<void> {
  const answer = await plain.answer(message, { authInfo, requestInfo: { headers: request.headers } });
  await reply.code(200).type('application/json').send(JSON.stringify(answer));
}

/** How `/mcp` answers: plain single messages by the methods' handlers directly, the rest over the SDK's transport. */
export interface McpServers {
  readonly plain: PlainRequests;
  readonly methods: readonly McpMethod[];
}

/** The MCP methods we answer, ready for both ways. */
export function mcpServers(methods: readonly McpMethod[]): McpServers {
  return { plain: new PlainRequests(methods), methods };
}
