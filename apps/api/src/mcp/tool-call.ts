import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { ErrorCode, McpError, type CallToolRequest, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { toApiFailure } from '../http/errors/to-api-failure.js';
import { readableProperty } from '../services/property-access.js';
import { principalIn } from './auth-info.js';
import type { Toolbox } from './toolbox.js';
import type { AcceptedCall, CallerContext } from './tools/index.js';

/** What answering a `tools/call` needs from the HTTP request that carried it. */
export interface CallEnvironment extends CallerContext {
  /** Where an unexpected failure is reported (the request's logger, so it carries the request id). */
  readonly log: Pick<FastifyBaseLogger, 'error'>;
  /** Our request id (`X-Request-Id`), quoted in the message of an unexpected failure. */
  readonly requestId: string;
}

/**
 * Answers `tools/call`. An unknown tool is a JSON-RPC error (invalid params, as the MCP spec says);
 * everything about the call itself is a tool result, so an agent can read it and correct itself:
 * arguments the tool's input schema refuses, a property the key may not read or that does not
 * exist, a stay the policy refuses, all come back as `isError: true` with a message saying what
 * is wrong. Error messages stay in English, whatever the caller's language.
 */
export async function callTool(
  toolbox: Toolbox,
  params: CallToolRequest['params'],
  authInfo: AuthInfo | undefined,
  environment: CallEnvironment,
): Promise<CallToolResult> {
  const tool = toolbox.find(params.name);
  if (!tool) {
    const names = toolbox.listing.tools.map((known) => known.name).join(', ');
    throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${params.name}". This server offers: ${names}.`);
  }
  const checked = tool.accept(params.arguments ?? {});
  if (!checked.ok) return failure(`Invalid arguments for ${params.name}: ${describeIssues(checked.issues, params.arguments)}.`);
  return answerCall(checked.call, authInfo, environment);
}

/**
 * Answers a call whose arguments its tool accepted. The key's grant is checked before anything is
 * fetched (`readableProperty` asks no connector when the key may not read the property), so a
 * refused call costs no upstream request and reveals nothing.
 */
export async function answerCall(call: AcceptedCall, authInfo: AuthInfo | undefined, environment: CallEnvironment): Promise<CallToolResult> {
  try {
    const property = await readableProperty(environment.services, principalIn(authInfo), call.hotelCode, 'hotelCode');
    const { data, summary } = await call.answer(property, environment);
    return { content: [{ type: 'text', text: summary }], structuredContent: { data }, isError: false };
  } catch (error) {
    const clientError = toApiFailure(error);
    if (clientError) return failure(clientError.message);
    environment.log.error({ err: error }, 'MCP tool call failed unexpectedly');
    return failure(`An unexpected error occurred. Quote the request id ${environment.requestId} when you contact support.`);
  }
}

function failure(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** `limit: Invalid input: expected number, received string; hotelCode is required` */
function describeIssues(issues: readonly z.core.$ZodIssue[], args: Record<string, unknown> | undefined): string {
  return issues
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      if (!path) return issue.message;
      // zod calls an absent argument an invalid type ("received undefined"); say it plainly.
      const absent = issue.code === 'invalid_type' && issue.path.length === 1 && args?.[path] === undefined;
      return absent ? `${path} is required` : `${path}: ${issue.message}`;
    })
    .join('; ');
}
