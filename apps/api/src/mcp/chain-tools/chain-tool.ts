import type { Chain } from '@hotelapi/connectors';
import type { McpToolDefinition } from '@hotelapi/domain';
import type { z } from 'zod';
import type { ProgressReport } from '../../services/availability.js';
import type { ApiServices } from '../../services/context.js';
import type { McpCaller } from '../caller.js';
import type { ToolAnswer } from '../tools/index.js';

/** What every chain tool's arguments start with: the chain the call is about. */
export interface ChainArguments {
  readonly chainCode: string;
}

/** One call of a chain tool: checked arguments, for a chain the caller may read. */
export interface ChainToolCall<Args> {
  readonly services: ApiServices;
  readonly chain: Chain;
  readonly args: Args;
  readonly caller: McpCaller;
  /** Present when the client asked for progress notifications (a progress token). */
  readonly progress: ProgressReport | undefined;
}

/**
 * A tool about a whole chain: the property tools' pairing of declaration and handler, with the
 * chain in place of the property. The server checks the caller's grant for the chain (an `all`
 * or `chain:CODE` grant; a property grant inside the chain is not enough) before the handler runs.
 */
export interface HotelChainTool<Args extends ChainArguments = ChainArguments, Data = unknown> {
  readonly definition: McpToolDefinition & { readonly input: z.ZodType<Args>; readonly data: z.ZodType<Data> };
  answer(call: ChainToolCall<Args>): Promise<ToolAnswer<Data>>;
}

export function defineChainTool<Args extends ChainArguments, Data>(
  definition: HotelChainTool<Args, Data>['definition'],
  answer: (call: ChainToolCall<Args>) => Promise<ToolAnswer<Data>>,
): HotelChainTool<Args, Data> {
  return { definition, answer };
}
