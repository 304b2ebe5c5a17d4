import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, McpError, type ServerNotification, type ServerRequest, type ServerResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { toApiFailure } from '../http/errors/to-api-failure.js';
import { callerIn } from './caller.js';
import { describeIssues } from './readable-issues.js';

export type RequestExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

type MethodSchema = z.ZodObject<{ method: z.ZodLiteral<string> }>;

/** One MCP method's handler, behind the guard: what a server registers and the plain-request path calls directly. */
export interface McpMethod {
  readonly method: string;
  readonly handle: (request: { method: string; params?: unknown }, extra: RequestExtra) => Promise<ServerResult>;
}

/**
 * `handler` for the method of `schema`, behind the one mapping from whatever goes wrong
 * to the JSON-RPC error the client reads:
 * - params the schema refuses, or holding a NUL character anywhere (no code, date or name of ours
 *   has one, and PostgreSQL cannot store it): -32602 with a short sentence naming the parameter;
 * - an McpError (unknown prompt, resource not found, ...): as thrown, its code kept;
 * - a failure meant for clients (`toApiFailure`): its own message, -32602 when the request was at
 *   fault, -32603 when a data source was;
 * - anything else is a fault of ours: logged with the request id, answered -32603 with a message
 *   that quotes the request id and nothing of the exception.
 */
export function guardedMethod<Schema extends MethodSchema>(
  schema: Schema,
  handler: (request: z.output<Schema>, extra: RequestExtra) => ServerResult | Promise<ServerResult>,
): McpMethod {
  const method = schema.shape.method.value;
  const handle = async (request: { method: string; params?: unknown }, extra: RequestExtra): Promise<ServerResult> => {
    const nul = pathToNul(request.params);
    if (nul !== undefined) throw new McpError(ErrorCode.InvalidParams, `Invalid params for ${method}: ${nul} must not contain a NUL character.`);
    const parsed = schema.safeParse(request);
    if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, `Invalid params for ${method}: ${describeIssues(parsed.error.issues, request)}.`);
    try {
      return await handler(parsed.data, extra);
    } catch (error) {
      throw asMcpError(error, method, extra);
    }
  };
  return { method, handle };
}

function asMcpError(error: unknown, method: string, extra: RequestExtra): McpError {
  if (error instanceof McpError) return error;
  const caller = callerIn(extra.authInfo);
  const clientError = toApiFailure(error);
  if (clientError && clientError.status < 500) return new McpError(ErrorCode.InvalidParams, clientError.message);
  caller?.log.error({ err: error, mcpMethod: method, mcpRequestId: extra.requestId }, 'MCP request failed unexpectedly');
  if (clientError) return new McpError(ErrorCode.InternalError, clientError.message);
  const quote = caller ? ` Quote the request id ${caller.requestId} when you contact support.` : '';
  return new McpError(ErrorCode.InternalError, `An unexpected error occurred.${quote}`, caller ? { requestId: caller.requestId } : undefined);
}

/**
 * Where in `params` a string (value or key) holds a NUL character, e.g. `params.arguments.hotelCode`;
 * undefined when none does. Walked without recursion: a JSON body can nest deeper
 * than the stack.
 */
function pathToNul(params: unknown): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value: params, path: 'params' }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (value.includes('\0')) return path;
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes('\0')) return path;
        pending.push({ value: inner, path: `${path}.${key}` });
      }
    }
  }
  return undefined;
}
