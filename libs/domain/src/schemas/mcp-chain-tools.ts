/**
 * MCP tools about a whole chain rather than one property. Their arguments name a chain
 * (`chainCode`), and the server checks the caller may read that chain before anything else.
 */

import { z } from 'zod';
import { AvailabilitySortBy, SortOrder } from '../enums.js';
import { AvailabilityMultiResponse } from './availability.js';
import { Amount, CurrencyCode, LanguageTag } from './common.js';
import { fieldOrder } from './field-order.js';
import { PageLimit } from './pagination.js';
import { InlineEnum } from './inline-enum.js';
import { BoardCode, ChainCode, StarRating } from './property.js';
import { Adults, Children, Infants, Rooms, StayDates, checkOutAfterCheckIn } from './stay.js';
import type { McpToolDefinition } from './mcp-tools.js';

// search_chain_availability

/**
 * `GET /v1/availability/multi`'s parameters as plain JSON arguments: the same types, the MCP
 * tools' own spelling of the stay (`checkIn`, `checkOut`), lists as arrays.
 */
export const SearchChainAvailabilityInput = z
  .object({
    chainCode: ChainCode.describe('Code of the chain whose properties are searched, e.g. ACME.'),
    ...StayDates.shape,
    currency: CurrencyCode.describe('Currency of the returned prices (ISO 4217).'),
    adults: Adults.default(2),
    children: Children.default(0),
    infants: Infants.default(0),
    rooms: Rooms.default(1),
    lang: LanguageTag.optional().describe('Language of the texts, e.g. pt or pt-BR; wins over Accept-Language.'),
    sortBy: InlineEnum(AvailabilitySortBy).default('PRICE').describe('Sort field.'),
    sortOrder: InlineEnum(SortOrder).optional().describe('Sort order; when omitted, DESC for POPULARITY and ASC otherwise.'),
    minPrice: Amount.optional().describe('Only properties from this price for the stay, in `currency`.'),
    maxPrice: Amount.optional().describe('Only properties up to this price for the stay, in `currency`.'),
    destination: z.string().min(1).optional().describe('Only properties in this destination, by name.'),
    rating: z.array(StarRating).optional().describe('Only these star ratings (1 to 5).'),
    boards: z.array(BoardCode).optional().describe('Only rates with these boards (OpenTravel meal-plan codes: 14 room only, 3 B&B, 12 half board, 10 full board, 1 all inclusive).'),
    propertyName: z.string().min(1).max(100).optional().describe('Only properties whose name contains this text.'),
    limit: PageLimit.default(20).describe('Most properties in this answer, 1 to 100 (default 20); `nextCursor` fetches the next ones.'),
    cursor: z.string().min(1).max(200).optional().describe('The `nextCursor` of the previous answer of the same search, for its next properties.'),
  })
  .check(
    checkOutAfterCheckIn('checkIn', 'checkOut'),
    fieldOrder('minPrice', 'maxPrice', { strict: false, message: 'must not be less than minPrice' }),
  );
export type SearchChainAvailabilityInput = z.infer<typeof SearchChainAvailabilityInput>;

/**
 * The chain-wide availability answer as `GET /v1/availability/multi` gives it, one page of its
 * hotels at a time (the facets count every match), with where the page sits.
 */
export const SearchChainAvailabilityData = AvailabilityMultiResponse.extend({
  totalFound: z.int().nonnegative().describe('Properties matching the search, over all pages.'),
  nextCursor: z.string().nullable().describe('Pass it as `cursor`, with the same other arguments, for the next properties; null on the last page.'),
});
export type SearchChainAvailabilityData = z.infer<typeof SearchChainAvailabilityData>;

export const McpChainToolName = z.enum(['search_chain_availability']);
export type McpChainToolName = z.infer<typeof McpChainToolName>;

export const mcpChainTools = {
  search_chain_availability: {
    title: 'Search a chain',
    description:
      'Search every property of a chain for a stay: the bookable properties with their lowest price for the whole stay ' +
      '(minprice, in currency), cheapest rates per rate plan, booking links (targetUrl), and facet counts ' +
      '(destinations, boards, ratings, price range). Needs chainCode, checkIn and checkOut (yyyy-MM-dd) and ' +
      'currency; adults default to 2. Filter by destination, propertyName, rating, boards, minPrice/maxPrice; ' +
      'sort by PRICE (default), POPULARITY, NAME or DISTANCE. Answers 20 properties at a time (`limit`, at most 100) ' +
      'with `totalFound` and a `nextCursor` for the next ones. Only for chains the caller is granted.',
    input: SearchChainAvailabilityInput,
    data: SearchChainAvailabilityData,
  },
} as const satisfies Record<McpChainToolName, McpToolDefinition>;
