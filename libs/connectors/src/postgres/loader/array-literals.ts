/**
 * A batch's columns bound as PostgreSQL array literals made by a `join` each: pg's own binding
 * prepares and escapes element by element, a large share of a load's time in Node. Every element
 * is quoted (a code "NULL" stays a code; null is NULL); values holding a quote or backslash are escaped, as pg would.
 */
export function textArray(values: readonly (string | null)[]): string {
  if (values.length === 0) return '{}';
  if (values.includes(null) || /["\\]/.test(values.join(''))) {
    return `{${values.map((value) => (value === null ? 'NULL' : `"${value.replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;
  }
  return `{"${values.join('","')}"}`;
}

/** Numbers as an array literal: JavaScript's shortest round-trip text, which PostgreSQL reads back exactly; null as NULL. */
export function numberArray(values: readonly (number | null)[]): string {
  return `{${(values.includes(null) ? values.map((value) => value ?? 'NULL') : values).join(',')}}`;
}
