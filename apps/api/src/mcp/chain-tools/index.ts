import type { McpChainToolName } from '@hotelapi/domain';
import type { HotelChainTool } from './chain-tool.js';
import { searchChainAvailability } from './search-chain-availability.js';

/** The tools about a whole chain, listed after the property tools. */
export const HOTEL_CHAIN_TOOLS: Readonly<Record<McpChainToolName, HotelChainTool>> = {
  search_chain_availability: searchChainAvailability,
};

export type { ChainArguments, HotelChainTool } from './chain-tool.js';
