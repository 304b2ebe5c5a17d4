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
  /** The types whose whole events the follower needs; of the others it learns only how many there were. */
  readonly whole: readonly EventType[];
  /** The types whose properties the follower needs, not their events: each property named once. */
  readonly propertiesOf?: readonly EventType[];
}

/** What a follower read: the events' count by type, and the whole events of the types it asked for. */
export interface FollowedEvents {
  /** The sequence of the last event read; `after` when none was. */
  readonly last: number;
  /** Events read: fewer than the limit when there are no more for now. */
  readonly read: number;
  readonly counts: Readonly<Partial<Record<LoggedEventType, number>>>;
  /** The whole events of the types asked for, oldest first. */
  readonly events: readonly LoggedEvent[];
  /** With `propertiesOf`: each property its events of those types name, with the newest one's sequence. */
  readonly properties?: ReadonlyMap<string, number>;
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
   * The next events after `query.after` (at most `query.limit`, none skipped): counted by type, and
   * whole only for the types asked, so a follower of every event reads no payload it does not use
   * (a big push's calendar changes).
   */
  follow(query: FollowQuery): Promise<FollowedEvents>;
  /** The sequence of the oldest event still kept (0 when none): a cursor before it has expired. */
  oldestKept(): Promise<number>;
  /** The newest sequence committed (0 when none). */
  newest(): Promise<number>;
  /** Calls `listener` after events were committed, by this instance or (PostgreSQL) another; returns "stop". */
  onAppended(listener: () => void): () => void;
  /** Drops events older than `before`; returns how many. */
  prune(before: Date): Promise<number>;
}
