import type { CacheOutcome } from '../observability/metrics.js';
import { heavyWorkGate, type HeavyWorkGate, type HeavyWorkSettings } from './heavy-work-gate.js';
import { sharedAnswers, type SharedAnswerSettings } from './single-flight.js';

/** Runs one chain computation for a request key: shared with identical requests, admitted through the gate. */
export type ChainAdmission = <T>(key: string, compute: () => Promise<T>) => Promise<T>;

/** Most distinct chain answers kept for reuse; each is a few hundred hotels. */
const ANSWERS_KEPT = 64;

/**
 * Chain availability's admission: identical requests share one answer (in progress, then for
 * `ttlMs`), and distinct ones pass the heavy-work gate (a few at a time, a bounded queue, 503
 * beyond). Sharing comes first, so a crowd asking the same thing costs one slot.
 */
export function chainAdmission(
  settings: HeavyWorkSettings & Pick<SharedAnswerSettings, 'ttlMs'>,
  onLookup: (outcome: CacheOutcome) => void,
  onRefused: () => void,
): { admit: ChainAdmission; gate: HeavyWorkGate } {
  const gate = heavyWorkGate(settings, onRefused);
  const shared = sharedAnswers<unknown>({ ttlMs: settings.ttlMs, max: ANSWERS_KEPT }, onLookup);
  const admit = <T>(key: string, compute: () => Promise<T>) => shared(key, () => gate.run(compute)) as Promise<T>;
  return { admit, gate };
}
