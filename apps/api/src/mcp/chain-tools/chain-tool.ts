import { canReadChain } from '@hotelapi/auth';
import type { Chain } from '@hotelapi/connectors';
import { ApiFailure } from '../../failures/api-failure.js';
import type { ProgressReport } from '../../services/availability.js';
import { requireChain } from '../../services/availability/chain-lookup.js';
import type { ApiServices } from '../../services/context.js';
import type { McpCaller } from '../caller.js';
import type { HotelTool, ToolAnswer } from '../tools/index.js';

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
 * A tool about a whole chain: `defineTool`'s pairing of declaration and handler, with the chain
 * in place of the property. The caller's grant for the chain (an `all` or `chain:CODE` grant; a
 * property grant inside the chain is not enough) is checked before the catalog is asked anything,
 * so a refused call reveals nothing, not even whether the chain exists.
 */
export function defineChainTool<Args extends ChainArguments, Data>(
  definition: HotelTool<Args, Data>['definition'],
  handler: (call: ChainToolCall<Args>) => Promise<ToolAnswer<Data>>,
): HotelTool<Args, Data> {
  return {
    definition,
    async answer(args, { services, caller, progress }) {
      if (!canReadChain(caller.principal, args.chainCode)) {
        throw new ApiFailure('chain_forbidden', `This API key may not search chain ${args.chainCode}: that needs a grant for the whole chain.`);
      }
      const chain = await requireChain(services.connectors.catalog, args.chainCode);
      return handler({ services, chain, args, caller, progress });
    },
  };
}
