import type { z } from 'zod';

/** At most this many problems are named: the first ones are what a caller fixes first. */
const MAX_ISSUES = 3;

/**
 * zod's issues as one short sentence a person or an agent can act on, e.g.
 * `limit: Invalid input: expected number, received string; hotelCode is required`, never zod's
 * JSON dump. `input` is what was checked, to tell an absent value from a wrong one.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], input: unknown): string {
  return issues
    .slice(0, MAX_ISSUES)
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      if (!path) return issue.message;
      // zod calls an absent value an invalid type ("received undefined"); say it plainly.
      const absent = issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined;
      return absent ? `${path} is required` : `${path}: ${issue.message}`;
    })
    .join('; ');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
