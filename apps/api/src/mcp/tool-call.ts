import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { toApiFailure } from '../http/errors/to-api-failure.js';
import type { ApiServices } from '../services/context.js';
import { readableProperty } from '../services/property-access.js';
import type { McpCaller } from './caller.js';
import type { HotelTool } from './tools/index.js';

/**
 * Answers a `tools/call` of a tool we offer. Everything about the call itself is a tool result,
 * so an agent can read it and correct itself: arguments the tool's input schema refuses, a
 * property the key may not read or that does not exist, a stay the policy refuses, all come back
 * as `isError: true` with a message saying what is wrong, in English whatever the caller's language.
 *
 * The key's grant is checked before anything is fetched (`readableProperty` asks no connector
 * when the key may not read the property), so a refused call costs no upstream request and
 * reveals nothing.
 */
export async function callTool(
  name: string,
  tool: HotelTool,
  rawArguments: Record<string, unknown> | undefined,
  caller: McpCaller,
  services: ApiServices,
): Promise<CallToolResult> {
  const parsed = tool.definition.input.safeParse(rawArguments ?? {});
  if (!parsed.success) return failure(`Invalid arguments for ${name}: ${describeIssues(parsed.error.issues, rawArguments)}.`);
  const args = parsed.data;
  try {
    const property = await readableProperty(services, caller.principal, args.hotelCode, 'hotelCode');
    const { language, acceptLanguage } = caller;
    const { data, summary } = await tool.answer({ services, property, args, language, acceptLanguage });
    return { content: [{ type: 'text', text: summary }], structuredContent: { data }, isError: false };
  } catch (error) {
    const clientError = toApiFailure(error);
    if (clientError) return failure(clientError.message);
    caller.log.error({ err: error }, 'MCP tool call failed unexpectedly');
    return failure(`An unexpected error occurred. Quote the request id ${caller.requestId} when you contact support.`);
  }
}

export function failure(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** `limit: Invalid input: expected number, received string; hotelCode is required` */
export function describeIssues(issues: readonly z.core.$ZodIssue[], args: Record<string, unknown> | undefined): string {
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
