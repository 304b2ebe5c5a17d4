/** One page of a list, with what the response metadata needs about the whole. */
export interface Paginated<T> {
  readonly items: T[];
  /** Items across all pages. */
  readonly totalFound: number;
  /** Pages of `limit` items; 0 when nothing was found. */
  readonly totalPages: number;
}

/**
 * Page `page` (from 1) of `limit` items. A page past the end is empty rather than an error, so a
 * client paging on while results shrink gets an empty page, not a failure. `page` and `limit`
 * are positive integers (the request schema enforces it); anything else is a RangeError.
 */
export function paginate<T>(items: readonly T[], page: number, limit: number): Paginated<T> {
  if (!Number.isInteger(page) || page < 1) throw new RangeError(`page must be a positive integer, got ${page}`);
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`);
  const start = (page - 1) * limit;
  return {
    items: items.slice(start, start + limit),
    totalFound: items.length,
    totalPages: Math.ceil(items.length / limit),
  };
}
