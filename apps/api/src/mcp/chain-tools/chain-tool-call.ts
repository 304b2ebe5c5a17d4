import { canReadChain } from '@hotelapi/auth';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ApiFailure } from '../../http/errors/api-failure.js';
import { toApiFailure } from '../../http/errors/to-api-failure.js';
import { requireChain } from '../../services/availability/chain-lookup.js';
import type { ProgressReport } from '../../services/availability.js';
import type { ApiServices } from '../../services/context.js';
import type { McpCaller } from '../caller.js';
import { describeIssues, failure } from '../tool-call.js';
import type { HotelChainTool } from './chain-tool.js';

/**
 * Answers a `tools/call` of a chain tool, as `callTool` does for a property tool: bad arguments,
 * a chain the caller may not read or that does not exist, a refused stay, each an `isError`
 * result. The grant is checked before the catalog is asked anything, so a refused call reveals
 * nothing, not even whether the chain exists.
 */
export async function callChainTool(
  name: string,
  tool: HotelChainTool,
  rawArguments: Record<string, unknown> | undefined,
  caller: McpCaller,
  services: ApiServices,
  progress?: ProgressReport,
): Promise<CallToolResult> {
  const parsed = tool.definition.input.safeParse(rawArguments ?? {});
  if (!parsed.success) return failure(`Invalid arguments for ${name}: ${describeIssues(parsed.error.issues, rawArguments)}.`);
  const args = parsed.data;
  try {
    if (!canReadChain(caller.principal, args.chainCode)) {
      throw new ApiFailure('chain_forbidden', `This API key may not search chain ${args.chainCode}: that needs a grant for the whole chain.`);
    }
    const chain = await requireChain(services.connectors.catalog, args.chainCode);
    const { data, summary } = await tool.answer({ services, chain, args, caller, progress });
    return { content: [{ type: 'text', text: summary }], structuredContent: { data }, isError: false };
  } catch (error) {
    const clientError = toApiFailure(error);
    if (clientError) return failure(clientError.message);
    caller.log.error({ err: error }, 'MCP tool call failed unexpectedly');
    return failure(`An unexpected error occurred. Quote the request id ${caller.requestId} when you contact support.`);
  }
}
