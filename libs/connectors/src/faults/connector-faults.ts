import { z } from 'zod';

/** What the fault-injection wrapper does to calls; see `withFaults`. */
export interface ConnectorFaults {
  /** Share of calls that fail with an upstream error, 0..1. */
  readonly errorRate: number;
  /** Share of calls that never answer, 0..1. */
  readonly timeoutRate: number;
  /** Extra latency of every answered or failed call, drawn uniformly from the range, in ms. */
  readonly latencyMs: { readonly min: number; readonly max: number };
  /** Seed of the fault sequence: the same seed gives the same faults for the same call order. */
  readonly seed: number;
}

const NO_FAULTS: ConnectorFaults = { errorRate: 0, timeoutRate: 0, latencyMs: { min: 0, max: 0 }, seed: 1 };

const rate = z.coerce.number().min(0).max(1);
const millis = z.coerce.number().int().min(0).max(60_000);
/** `400` or `20-400`. */
const latencyRange = z.string().transform((text, ctx) => {
  const [min, max = min] = text.split('-');
  const range = { min: millis.safeParse(min), max: millis.safeParse(max) };
  if (!range.min.success || !range.max.success || range.min.data > range.max.data) {
    ctx.addIssue({ code: 'custom', message: `latencyMs "${text}" is not a range like 20-400 (whole milliseconds, up to 60000)` });
    return z.NEVER;
  }
  return { min: range.min.data, max: range.max.data };
});

const SETTINGS = {
  errorRate: rate,
  timeoutRate: rate,
  latencyMs: latencyRange,
  seed: z.coerce.number().int().min(0).max(2 ** 32 - 1),
} as const;

/**
 * `CONNECTOR_FAULTS` as an operator writes it: a comma list of `errorRate=0.2`, `timeoutRate=0.01`,
 * `latencyMs=20-400` and `seed=7`, any subset, each at most once.
 */
export const ConnectorFaultsSpec = z.string().transform((text, ctx): ConnectorFaults => {
  const faults: Record<string, unknown> = { ...NO_FAULTS };
  const seen = new Set<string>();
  for (const part of text.split(',').map((item) => item.trim()).filter(Boolean)) {
    const [name = '', ...rest] = part.split('=');
    const key = name.trim();
    const value = rest.join('=').trim();
    if (!Object.hasOwn(SETTINGS, key) || seen.has(key) || value === '') {
      ctx.addIssue({
        code: 'custom',
        message: `"${part}" is not one of errorRate=<0..1>, timeoutRate=<0..1>, latencyMs=<min-max>, seed=<integer>, each at most once`,
      });
      return z.NEVER;
    }
    seen.add(key);
    const parsed = SETTINGS[key as keyof typeof SETTINGS].safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: `${key}: ${parsed.error.issues[0]?.message ?? 'invalid value'}` });
      return z.NEVER;
    }
    faults[key] = parsed.data;
  }
  const result = faults as unknown as ConnectorFaults;
  if (result.errorRate + result.timeoutRate > 1) {
    ctx.addIssue({ code: 'custom', message: 'errorRate and timeoutRate add up to more than 1' });
    return z.NEVER;
  }
  return result;
});
