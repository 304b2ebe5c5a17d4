import { z } from 'zod';

/** Field values that compare meaningfully with `<`: numbers, and `yyyy-MM-dd` dates as strings. */
type Ordered = string | number;

export interface FieldOrderOptions {
  /** True when `upper` must be strictly greater (a stay of zero nights is no stay). */
  readonly strict: boolean;
  /** Reported on `upper`. */
  readonly message: string;
}

/**
 * Cross-field check that `upper` does not come before `lower`. It reports on `upper`, the field a caller
 * most likely got wrong, and stays quiet while either field is absent or already invalid, so that one
 * mistake yields one issue.
 */
export function fieldOrder<Lower extends string, Upper extends string>(
  lower: Lower,
  upper: Upper,
  { strict, message }: FieldOrderOptions,
) {
  return z.refine<Partial<Record<Lower | Upper, Ordered>>>(
    (fields) => {
      const low = fields[lower];
      const high = fields[upper];
      if (low === undefined || high === undefined) return true;
      return strict ? high > low : high >= low;
    },
    {
      path: [upper],
      message,
      when: ({ issues }) => issues.every((issue) => issue.path?.[0] !== lower && issue.path?.[0] !== upper),
    },
  );
}
