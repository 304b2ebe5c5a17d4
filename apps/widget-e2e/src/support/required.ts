/** The value a test relies on, or a failure that names what was missing. */
export function required<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`${what} missing`);
  return value;
}
