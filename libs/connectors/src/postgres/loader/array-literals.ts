/**
 * A batch's columns bound as PostgreSQL array literals made by a `join` each: pg's own binding
 * prepares and escapes element by element, a large share of a load's time in Node. Every element
 * is quoted (a code "NULL" stays a code); values holding a quote or backslash are escaped, as pg would.
 */
export function textArray(values: readonly string[]): string {
  if (values.length === 0) return '{}';
  if (/["\\]/.test(values.join(''))) return `{${values.map((value) => `"${value.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
  return `{"${values.join('","')}"}`;
}

/** Numbers as an array literal: JavaScript's shortest round-trip text, which PostgreSQL reads back exactly. */
export function numberArray(values: readonly number[]): string {
  return `{${values.join(',')}}`;
}
