import type { ChannelType, ParityStatus } from '@hotelapi/domain';
import type { NewEvent } from './event-log.js';

/** One stay and party, as the rate shopper collects channel prices for it. */
export interface WatchedStay {
  readonly property: string;
  readonly arrival: string;
  readonly nights: number;
  readonly adults: number;
  readonly children: number;
}

/**
 * What a write asks parity to look at again: a stay a channel collection was added for, or the
 * nights whose direct prices or availability moved (every watched stay over them).
 */
export type StayToCheck = ({ readonly kind: 'stay' } & WatchedStay) | { readonly kind: 'nights'; readonly property: string; readonly from: string; readonly to: string };

/** The last judged status of a stay on one channel within one tolerance. */
export interface KnownParity {
  readonly channel: ChannelType;
  readonly tolerance: number;
  readonly status: ParityStatus;
}

export interface StayUnderReview extends WatchedStay {
  /** Every status kept for the stay; empty when it was never judged. */
  readonly known: readonly KnownParity[];
}

/** What a review decided: the statuses to keep from now on, and the events of the changes. */
export interface ParityOutcome {
  readonly states: readonly (WatchedStay & KnownParity)[];
  readonly events: readonly NewEvent[];
}

/**
 * The parity watcher's work and memory. A write records what needs looking at again in its own
 * transaction (PostgreSQL), so a committed change is always reviewed, even after a crash; a
 * review claims pending work (no other instance takes it meanwhile) and commits the new statuses,
 * their events and the work's removal together.
 */
export interface ParityLedger {
  /** True when pending work and statuses survive a restart (PostgreSQL). */
  readonly durable: boolean;
  /**
   * Claims at most `limit` pending checks, gives `judge` the stays they name with their known
   * statuses, and commits its outcome; returns how many checks were done (0: nothing pending).
   * Fails as a whole when `judge` fails: the checks stay pending.
   */
  review(limit: number, judge: (stays: readonly StayUnderReview[]) => Promise<ParityOutcome>): Promise<number>;
  /** Forgets the statuses of stays that arrived before `before` (`yyyy-MM-dd`); returns how many. */
  forgetBefore(before: string): Promise<number>;
}
