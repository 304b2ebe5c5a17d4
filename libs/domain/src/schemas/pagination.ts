/** Paging through a long result (reviews): the request's `limit` and `page`, and where the page sits. */

import { z } from 'zod';
import { QueryInteger } from './query-string.js';

/** Results per page. More than 100 is refused, not clamped, so a caller never silently gets fewer than asked. */
export const PageLimit = z
  .int()
  .min(1, 'must be at least 1')
  .max(100, 'must be at most 100')
  .describe('Maximum results per page, 1 to 100.');
export type PageLimit = z.infer<typeof PageLimit>;

export const PageNumber = z.int().min(1, 'must be at least 1').describe('Page number, from 1.');
export type PageNumber = z.infer<typeof PageNumber>;

/** `limit` and `page` as query parameters; spread `PageQuery.shape` into a resource's query. */
export const PageQuery = z.object({
  limit: QueryInteger(PageLimit).prefault(10),
  page: QueryInteger(PageNumber).prefault(1),
});
export type PageQuery = z.infer<typeof PageQuery>;
export type PageQueryInput = z.input<typeof PageQuery>;

/** Where a page sits in the whole result. */
export const PageMetadata = z.object({
  page: PageNumber,
  limit: PageLimit,
  totalFound: z.int().nonnegative().describe('Results matching the filters, over all pages.'),
  totalPages: z.int().nonnegative().describe('Pages of `limit` results; 0 when nothing matched.'),
});
export type PageMetadata = z.infer<typeof PageMetadata>;
