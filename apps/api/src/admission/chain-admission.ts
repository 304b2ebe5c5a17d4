import type { CacheOutcome } from '../observability/metrics.js';
import { heavyWorkGate, type HeavyWorkGate, type HeavyWorkSettings } from './heavy-work-gate.js';
import { sharedAnswers, type SharedAnswerSettings } from './single-flight.js';

/** A chain search answered: the response's JSON (UTF-8), and whether some properties did not answer. */
export interface ChainAnswerJson {
  readonly json: Buffer;
  readonly partial: boolean;
}

/** Runs one chain computation for a request key: shared with identical requests, admitted through the gate. */
export type ChainAdmission = (key: string, compute: () => Promise<ChainAnswerJson>) => Promise<ChainAnswerJson>;

/** Most distinct chain answers kept for reuse... */
const ANSWERS_KEPT = 64;
/**
 * ...and most bytes of their JSON: a MEGA answer (500 hotels) is about a megabyte, and 64 of
 * them kept for their two seconds held more memory than everything else the service keeps.
 */
const ANSWER_BYTES_KEPT = 16 * 1024 * 1024;

/**
 * Chain availability's admission: identical requests share one answer (in progress, then for
 * `ttlMs`), and distinct ones pass the heavy-work gate (a few at a time, a bounded queue, 503
 * beyond). Sharing comes first, so a crowd asking the same thing costs one slot.
 */
export function chainAdmission(
  settings: HeavyWorkSettings & Pick<SharedAnswerSettings<ChainAnswerJson>, 'ttlMs'>,
  onLookup: (outcome: CacheOutcome) => void,
  onRefused: () => void,
): { admit: ChainAdmission; gate: HeavyWorkGate } {
  const gate = heavyWorkGate(settings, onRefused);
  const shared = sharedAnswers<ChainAnswerJson>(
    { ttlMs: settings.ttlMs, max: ANSWERS_KEPT, maxSize: ANSWER_BYTES_KEPT, sizeOf: (answer) => answer.json.byteLength },
    onLookup,
  );
  const admit: ChainAdmission = (key, compute) => shared(key, () => gate.run(compute));
  return { admit, gate };
}
