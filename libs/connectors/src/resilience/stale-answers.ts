import { LRUCache } from 'lru-cache';
import type { PortCall } from '../intercept-ports.js';

/** An answer as it was kept: the value, and when it was fresh. */
export interface KeptAnswer {
  readonly value: unknown;
  readonly keptAt: number;
}

/**
 * The last good answer of each call (port, method and arguments: per property and request), kept
 * for `ttlMs` so that it can be served when the source fails. Bounded by weight, not count: an
 * answer weighs one plus the entries of its lists (reviews, rates, months), so one property with
 * 2,000 reviews cannot hide behind the same weight as an exchange rate. Least recently used
 * answers go first.
 */
export class StaleAnswers {
  private readonly answers: LRUCache<string, KeptAnswer>;

  constructor({ ttlMs, maxItems }: { readonly ttlMs: number; readonly maxItems: number }) {
    this.answers = new LRUCache<string, KeptAnswer>({
      max: maxItems,
      maxSize: maxItems,
      sizeCalculation: ({ value }) => weightOf(value),
      ttl: ttlMs,
    });
  }

  remember(call: PortCall, value: unknown): void {
    this.answers.set(keyOf(call), { value, keptAt: Date.now() });
  }

  recall(call: PortCall): KeptAnswer | undefined {
    return this.answers.get(keyOf(call));
  }
}

/** Arguments are strings and plain request objects, so their JSON tells calls apart. */
function keyOf({ port, method, args }: PortCall): string {
  return `${port}.${method}${JSON.stringify(args)}`;
}

function weightOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + value.length;
  if (typeof value !== 'object' || value === null) return 1;
  let weight = 1;
  for (const field of Object.values(value)) if (Array.isArray(field)) weight += field.length;
  return weight;
}
