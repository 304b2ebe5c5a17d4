import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { failureOf } from '../failures/failure-of.js';
import type { ProgressReport } from '../services/availability.js';
import type { ApiServices } from '../services/context.js';
import type { McpCaller } from './caller.js';
import { describeIssues } from './readable-issues.js';
import type { HotelTool } from './tools/index.js';

/**
 * Answers a `tools/call` of any tool we offer, property or chain. Everything about the call itself
 * is a tool result, so an agent can read it and correct itself: arguments the tool's input schema
 * refuses, a property or chain the key may not read or that does not exist, a stay the policy
 * refuses, all come back as `isError: true` with a message saying what is wrong, in English
 * whatever the caller's language. What the call is about, and the grant for it, the tool itself
 * resolves and checks (`defineTool`, `defineChainTool`) before it fetches anything.
 */
export async function callTool(
  name: string,
  tool: HotelTool,
  rawArguments: Record<string, unknown> | undefined,
  caller: McpCaller,
  services: ApiServices,
  progress?: ProgressReport,
): Promise<CallToolResult> {
  const parsed = tool.definition.input.safeParse(rawArguments ?? {});
  if (!parsed.success) return failure(`Invalid arguments for ${name}: ${describeIssues(parsed.error.issues, rawArguments)}.`);
  try {
    const { data, summary } = await tool.answer(parsed.data, { services, caller, progress });
    return { content: [{ type: 'text', text: summary }], structuredContent: { data }, isError: false };
  } catch (error) {
    const clientError = failureOf(error);
    if (clientError) return failure(clientError.message);
    caller.log.error({ err: error }, 'MCP tool call failed unexpectedly');
    return failure(`An unexpected error occurred. Quote the request id ${caller.requestId} when you contact support.`);
  }
}

function failure(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
