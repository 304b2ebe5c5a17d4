import type { LoggedEvent, LoggedEventType } from '@hotelapi/domain';
import type { EventLog, EventLogQuery, FollowQuery, NewEvent } from '../ports/event-log.js';
import { newEventId } from './event-id.js';

/** How many events the sandbox keeps at most, besides the retention period: memory is bounded. */
export const MEMORY_EVENT_LOG_LIMIT = 100_000;

/** The sandbox's event log: in this process's memory, lost at restart, bounded. */
export function memoryEventLog(now: () => Date = () => new Date(), limit = MEMORY_EVENT_LOG_LIMIT): EventLog {
  const events: LoggedEvent[] = [];
  const listeners = new Set<() => void>();
  let sequence = 0;

  return {
    durable: false,
    async append(newEvents: readonly NewEvent[]) {
      const timestamp = now().toISOString();
      const logged = newEvents.map((event) => ({ id: newEventId(), type: event.type, timestamp, data: { ...event.data, sequence: ++sequence } }) as LoggedEvent);
      events.push(...logged);
      if (events.length > limit) events.splice(0, events.length - limit);
      if (logged.length > 0) for (const listener of listeners) listener();
      return logged;
    },
    async list(query: EventLogQuery) {
      const found: LoggedEvent[] = [];
      for (let index = firstAfter(events, query.after); found.length < query.limit; index++) {
        const event = events[index];
        if (!event) break;
        if (matches(event, query)) found.push(event);
      }
      return found;
    },
    async follow({ after, limit, whole, propertiesOf }: FollowQuery) {
      const page = events.slice(firstAfter(events, after), firstAfter(events, after) + limit);
      const counts: Partial<Record<LoggedEventType, number>> = {};
      for (const event of page) counts[event.type] = (counts[event.type] ?? 0) + 1;
      const followed = {
        last: page.at(-1)?.data.sequence ?? after,
        read: page.length,
        counts,
        events: page.filter((event) => (whole as readonly string[]).includes(event.type)),
      };
      if (!propertiesOf) return followed;
      const properties = new Map<string, number>();
      for (const event of page) {
        const property = 'property' in event.data ? event.data.property : null;
        if (property !== null && (propertiesOf as readonly string[]).includes(event.type)) properties.set(property, event.data.sequence);
      }
      return { ...followed, properties };
    },
    async oldestKept() {
      return events[0]?.data.sequence ?? 0;
    },
    async newest() {
      return sequence;
    },
    onAppended(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async prune(before: Date) {
      const cutoff = before.toISOString();
      let dropped = 0;
      while (dropped < events.length && (events[dropped]?.timestamp ?? cutoff) < cutoff) dropped++;
      events.splice(0, dropped);
      return dropped;
    },
  };
}

/** Index of the first event with a sequence above `after` (sequences ascend). */
function firstAfter(events: readonly LoggedEvent[], after: number): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((events[middle]?.data.sequence ?? Number.POSITIVE_INFINITY) <= after) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Whether an event is one the query asks for and may read. */
export function matches(event: LoggedEvent, query: Omit<EventLogQuery, 'after' | 'limit'>): boolean {
  if (query.types && !query.types.includes(event.type)) return false;
  if (query.property !== undefined && event.data.property !== query.property) return false;
  if (query.readable === 'all') return true;
  return (event.data.property !== null && query.readable.properties.includes(event.data.property)) || query.readable.chains.includes(event.data.chain);
}
