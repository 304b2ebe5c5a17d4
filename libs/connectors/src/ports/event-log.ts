import type { EventType, LoggedEvent, LoggedEventType } from '@hotelapi/domain';

/** An event before the log gives it its `id`, `timestamp` and `data.sequence`. */
export type NewEvent = LoggedEvent extends infer E
  ? E extends LoggedEvent
    ? { readonly type: E['type']; readonly data: Omit<E['data'], 'sequence'> }
    : never
  : never;

/** Which events a reader may see: everything, or those of these properties and chains. */
export type ReadableEvents = 'all' | { readonly properties: readonly string[]; readonly chains: readonly string[] };

export interface EventLogQuery {
  /** Only events after this sequence (exclusive); 0 from the oldest kept. */
  readonly after: number;
  readonly readable: ReadableEvents;
  /** Only these types; absent, every type. */
  readonly types?: readonly LoggedEventType[];
  /** Only this property's events. */
  readonly property?: string;
  readonly limit: number;
}

/** Reading every event in order, as the log's followers do (metrics, the webhook relay). */
export interface FollowQuery {
  /** Only events after this sequence (exclusive). */
  readonly after: number;
  readonly limit: number;
  /** The types whose whole event the follower needs; the others come as their type and place only. */
  readonly whole: readonly EventType[];
}

/** An event as a follower reads it: its sequence, type and place, and the whole event when its type was asked whole. */
export interface FollowedEvent {
  readonly sequence: number;
  readonly type: LoggedEventType;
  readonly chain: string;
  readonly property: string | null;
  readonly event?: LoggedEvent;
}

/**
 * The events of the change feed, in the order they were committed (by `data.sequence`), kept for
 * a retention period. PostgreSQL appends them in the transaction of the change that caused them
 * (the outbox) and serialises appends so that sequence order is commit order: a reader following
 * the sequence never skips one committed late. The sandbox keeps them in memory (not durable).
 */
export interface EventLog {
  /** True when events survive a restart (PostgreSQL); false in the sandbox's memory. */
  readonly durable: boolean;
  /** Appends events outside any other write (the sandbox shopper, parity re-evaluation). */
  append(events: readonly NewEvent[]): Promise<readonly LoggedEvent[]>;
  /** Events after `query.after`, oldest first, at most `query.limit`. */
  list(query: EventLogQuery): Promise<readonly LoggedEvent[]>;
  /**
   * Every event after `query.after`, oldest first, at most `query.limit`, whole only for the types
   * asked: a follower of every event reads no payload it does not use (a big push's calendar changes).
   */
  follow(query: FollowQuery): Promise<readonly FollowedEvent[]>;
  /** The sequence of the oldest event still kept (0 when none): a cursor before it has expired. */
  oldestKept(): Promise<number>;
  /** The newest sequence committed (0 when none). */
  newest(): Promise<number>;
  /** Calls `listener` after events were committed, by this instance or (PostgreSQL) another; returns "stop". */
  onAppended(listener: () => void): () => void;
  /** Drops events older than `before`; returns how many. */
  prune(before: Date): Promise<number>;
}
