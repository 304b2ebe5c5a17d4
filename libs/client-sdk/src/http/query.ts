/** A value a query parameter can take; `undefined` and `null` leave the parameter out. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export interface QueryOptions {
  /** List parameters the API reads as one comma-separated value (`reviewerLanguages=en,fr`). */
  readonly commaSeparated?: readonly string[];
}

/**
 * Writes parameters as the API reads them: `true`/`false`, numbers in decimal, and lists repeated
 * (`rating=4&rating=5`) unless named in `commaSeparated`. Absent values and empty lists are left out.
 */
export function toSearchParams(params: object, { commaSeparated = [] }: QueryOptions = {}): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params) as [string, QueryValue][]) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const items = (value as readonly (string | number | boolean)[]).map(String);
      if (items.length === 0) continue;
      if (commaSeparated.includes(name)) search.append(name, items.join(','));
      else for (const item of items) search.append(name, item);
      continue;
    }
    search.append(name, String(value));
  }
  return search;
}

/** A path segment such as a property code, escaped so that it stays one segment. */
export function pathSegment(value: string): string {
  if (typeof value !== 'string' || value === '') throw new TypeError('A property code is required');
  return encodeURIComponent(value);
}
