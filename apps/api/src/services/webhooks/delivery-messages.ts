import type { DeliveryAgentOptions, PostOutcome } from './delivery-agent.js';

/** What the delivery thread is started with. */
export type DeliveryThreadData = DeliveryAgentOptions;

/** One attempt for the delivery thread: sign body `body` of the batch as event `eventId` at `at` (ms) with `secrets`, POST it to `url`. */
export interface AttemptOrder {
  readonly ticket: number;
  readonly url: string;
  readonly eventId: string;
  /** Index into the batch's `bodies`: an event fanned out to several receivers is sent once. */
  readonly body: number;
  readonly secrets: readonly string[];
  readonly at: number;
}

/** The attempts of one turn of the main thread's event loop: one message, not one per attempt. */
export interface AttemptBatch {
  readonly bodies: readonly string[];
  readonly orders: readonly AttemptOrder[];
}

/** What became of an attempt, told back by ticket (in batches too). */
export interface AttemptReport extends PostOutcome {
  readonly ticket: number;
}
