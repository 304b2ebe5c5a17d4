import { callerCaps } from './caller-caps.js';
import { heavyWorkGate, type HeavyWorkGate, type HeavyWorkSettings } from './heavy-work-gate.js';
import { sharedAnswers, type SharedAnswers, type SharedAnswerSettings } from './single-flight.js';

export interface HeavyWorkAdmissionSettings extends HeavyWorkSettings {
  /** Heavy jobs one caller may have running or queued at once. */
  readonly perCaller: number;
}

/** Why heavy work was refused: the caller's cap (429) or the instance's full queue (503). */
export type HeavyWorkRefusal = 'concurrency_cap' | 'queue_full';

/** A heavy question: who asks (their cap) and what exactly (identical questions share an answer). */
export interface HeavyQuestion {
  /** The caller's budget: the edge's name for whoever pays (a rate-limit budget, an MCP key id). */
  readonly caller: string;
  /** Everything the answer depends on except the data itself. */
  readonly key: string;
}

/** Admits the heavy work of one kind of question (chain searches, price calendars). */
export type AdmitHeavyWork<T> = (question: HeavyQuestion, compute: () => Promise<T>) => Promise<T>;

/**
 * Admission of CPU-heavy work, once for every caller (REST route, MCP tool, widget endpoint):
 * identical questions share one answer (in progress, then for a moment); a distinct one takes one
 * of its caller's places (`perCaller`, else 429) and waits for the instance's gate (a few at a
 * time, a bounded queue, else 503). Sharing comes first, so a crowd asking the same thing costs
 * one place and one slot; the work itself yields between slices (`yieldWhenSliceSpent`, from the connectors).
 */
export class HeavyWorkAdmission {
  readonly gate: HeavyWorkGate;
  readonly #holdPlace: ReturnType<typeof callerCaps>;

  constructor(settings: HeavyWorkAdmissionSettings, onRefused: (reason: HeavyWorkRefusal) => void = () => undefined) {
    this.gate = heavyWorkGate(settings, () => onRefused('queue_full'));
    this.#holdPlace = callerCaps(settings.perCaller, () => onRefused('concurrency_cap'));
  }

  /** Admission for one kind of answer, shared under `sharing`'s bounds. */
  ofKind<T>(sharing: SharedAnswerSettings<T>): AdmitHeavyWork<T> {
    const shared: SharedAnswers<T> = sharedAnswers(sharing);
    return async ({ caller, key }, compute) =>
      shared(key, () => {
        const release = this.#holdPlace(caller);
        return this.gate.run(compute).finally(release);
      });
  }
}
