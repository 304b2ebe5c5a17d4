import { declareCache, type CountedCache } from '@hotelapi/caches';
import type { PortCall } from '../intercept-ports.js';

/** An answer as it was kept: the value, and when it was fresh. */
export interface KeptAnswer {
  readonly value: unknown;
  keptAt: number;
}

/**
 * The last good answer of each call (port, method and arguments: per property and request), kept
 * for `ttlMs` so that it can be served when the source fails. Bounded by weight, not count: an
 * answer weighs one plus the entries of its lists at any depth (reviews, rates, months; a chain's
 * properties and their rates), so one property with 2,000 reviews, or one chain answer of 500
 * properties, cannot hide behind the same weight as an exchange rate. Least recently used answers
 * go first.
 */
const STALE_ANSWERS = declareCache({
  name: 'stale-answers',
  key: 'port, method and arguments of a data-source call',
  max: 50_000,
  maxSetting: 'CONNECTOR_STALE_MAX_ITEMS',
  maxSize: { limit: 50_000, unit: 'weight, the same setting (an answer weighs one plus the entries of its lists)' },
  ttlMs: 15 * 60_000,
  ttlSetting: 'CONNECTOR_STALE_TTL_MS',
  invalidation: 'replaced by the call’s next good answer; read only while the source fails',
});

export class StaleAnswers {
  private readonly answers: CountedCache<string, KeptAnswer>;

  constructor({ ttlMs, maxItems }: { readonly ttlMs: number; readonly maxItems: number }) {
    this.answers = STALE_ANSWERS.create<string, KeptAnswer>({
      max: maxItems,
      maxSize: maxItems,
      sizeCalculation: ({ value }) => weightOf(value),
      ttl: ttlMs,
    });
  }

  remember(call: PortCall, value: unknown): void {
    const key = keyOf(call);
    // Sources that keep their own answers (the sandbox's reviews and quoted stays) hand back the
    // same object again: refresh it in place rather than weigh thousands of entries per request.
    // Upkeep, not a lookup: not counted as a hit or a miss.
    const kept = this.answers.getUncounted(key, { updateAgeOnGet: true });
    if (kept !== undefined && kept.value === value) {
      kept.keptAt = Date.now();
      return;
    }
    this.answers.set(key, { value, keptAt: Date.now() });
  }

  recall(call: PortCall): KeptAnswer | undefined {
    return this.answers.get(keyOf(call));
  }
}

/** Arguments are strings and plain request objects, so their JSON tells calls apart. */
function keyOf({ port, method, args }: PortCall): string {
  return `${port}.${method}${JSON.stringify(args)}`;
}

/** How deep the weight looks: far enough for a chain answer's properties and their rates. */
const WEIGHED_DEPTH = 4;

/**
 * One, plus one per entry of every list (or map) the answer holds, down to four levels of nesting:
 * a chain-wide answer weighs its properties and all their rates, as the same answers asked one
 * property at a time would. Counting only the top-level lists would let one MEGA availability
 * answer (500 properties, thousands of rates) pass for 501, and a few hundred of them fill the
 * heap; counting every level (each rate's nights) made weighing a visible part of a search.
 */
export function weightOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 1;
  let weight = weighed.get(value);
  if (weight === undefined) weighed.set(value, (weight = 1 + entriesIn(value, WEIGHED_DEPTH)));
  return weight;
}

/**
 * Answers weighed already. A source that keeps its answers hands the same object back after the
 * cache let it go: a chain of 5,000 properties' catalog entries (kept per data version) weighs
 * near the whole bound, pushes and is pushed out by every chain answer, and was walked again at
 * every search. Answers are never changed once given.
 */
const weighed = new WeakMap<object, number>();

/** Entries of the lists and maps in `value`; only plain data is walked, never a class instance such as an error. */
function entriesIn(value: unknown, depth: number): number {
  if (depth === 0 || typeof value !== 'object' || value === null) return 0;
  let count = 0;
  if (value instanceof Map) {
    count = value.size;
    for (const entry of value.values()) count += entriesIn(entry, depth - 1);
  } else if (Array.isArray(value)) {
    count = value.length;
    for (const entry of value) count += entriesIn(entry, depth - 1);
  } else {
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return 0;
    // `for…in` rather than Object.values: no array allocated per object walked.
    for (const key in value) count += entriesIn((value as Record<string, unknown>)[key], depth - 1);
  }
  return count;
}
