import type { McpChainToolName } from '@hotelapi/domain';
import type { HotelTool } from '../tools/index.js';
import { searchChainAvailability } from './search-chain-availability.js';

/** The tools about a whole chain, listed after the property tools. */
export const HOTEL_CHAIN_TOOLS: Readonly<Record<McpChainToolName, HotelTool>> = {
  search_chain_availability: searchChainAvailability,
};

