import type { LoggedEvent, LoggedEventType } from '@hotelapi/domain';
import { sql, type Kysely } from 'kysely';
import type { EventLog, EventLogQuery, FollowedEvents, FollowQuery, NewEvent } from '../../ports/event-log.js';
import type { Database } from '../database.js';
import { appendEvents } from './append-events.js';
import { EventsListener } from './events-listener.js';

/** When an event happened, as milliseconds since the epoch: a number to read, not a date string to parse. */
const OCCURRED_AT_MS = sql<number>`(extract(epoch from occurred_at) * 1000)::float8`.as('at');

function loggedEvent(row: { sequence: string; id: string; type: string; at: number }, data: object): LoggedEvent {
  return { id: row.id, type: row.type as LoggedEventType, timestamp: new Date(row.at).toISOString(), data: { ...data, sequence: Number(row.sequence) } } as LoggedEvent;
}

/**
 * Listeners are woken at most once in this many milliseconds: a stream of pushes (tens of commits a
 * second, each a NOTIFY) wakes each follower (parity reviews, webhooks, the metrics' count) once a
 * window to read them together, instead of a round of statements per commit on the event loop.
 * A commit after a quiet window wakes them at once.
 */
export const APPENDS_TOLD_EVERY_MS = 50;

/**
 * The change feed's events in PostgreSQL's `events` table, appended in the transaction of the
 * change that caused them (append-events.ts). `onAppended` is told of commits by any instance
 * through LISTEN/NOTIFY, on a connection of its own.
 */
export class PostgresEventLog implements EventLog {
  readonly durable = true;
  private readonly listener: EventsListener | undefined;
  private readonly local = new Set<() => void>();
  private toldAt = Number.NEGATIVE_INFINITY;
  private tellLater: NodeJS.Timeout | undefined;

  /** Without `listenUrl`, only this instance's own appends are told. */
  constructor(
    private readonly db: Kysely<Database>,
    listenUrl?: string,
  ) {
    this.listener = listenUrl === undefined ? undefined : new EventsListener(listenUrl, () => this.tell());
  }

  async append(events: readonly NewEvent[]): Promise<readonly LoggedEvent[]> {
    const logged = await this.db.transaction().execute((trx) => appendEvents(trx, events));
    // Listeners are told by NOTIFY too; without a listening connection, only here.
    if (!this.listener && logged.length > 0) this.tell();
    return logged;
  }

  async list(query: EventLogQuery): Promise<readonly LoggedEvent[]> {
    let select = this.db.selectFrom('events').select(['sequence', 'id', 'type', OCCURRED_AT_MS, 'data']).where('sequence', '>', String(query.after));
    if (query.types) select = select.where('type', 'in', query.types.length > 0 ? [...query.types] : ['']);
    if (query.property !== undefined) select = select.where('property', '=', query.property);
    const readable = query.readable;
    if (readable !== 'all') {
      select = select.where((eb) =>
        eb.or([
          ...(readable.properties.length > 0 ? [eb('property', 'in', [...readable.properties])] : []),
          ...(readable.chains.length > 0 ? [eb('chain', 'in', [...readable.chains])] : []),
          eb.val(false),
        ]),
      );
    }
    const rows = await select.orderBy('sequence').limit(query.limit).execute();
    return rows.map((row) => loggedEvent(row, row.data));
  }

  async follow({ after, limit, whole, propertiesOf }: FollowQuery): Promise<FollowedEvents> {
    const { rows: tally } = await sql<{ type: LoggedEventType; count: number; last: string }>`
      select type, count(*)::int as count, max(sequence) as last
      from (select sequence, type from events where sequence > ${String(after)} order by sequence limit ${limit}) as page
      group by type`.execute(this.db);
    const counts: Partial<Record<LoggedEventType, number>> = {};
    for (const { type, count } of tally) counts[type] = count;
    const last = Math.max(after, ...tally.map((row) => Number(row.last)));
    const wanted = whole.filter((type) => type in counts);
    // Appends commit in sequence order (append-events.ts): no event up to `last` can still appear.
    const rows = wanted.length === 0
      ? []
      : await this.db
          .selectFrom('events')
          .select(['sequence', 'id', 'type', OCCURRED_AT_MS, 'data'])
          .where('sequence', '>', String(after))
          .where('sequence', '<=', String(last))
          .where('type', 'in', wanted)
          .orderBy('sequence')
          .execute();
    const followed = { last, read: tally.reduce((sum, row) => sum + row.count, 0), counts, events: rows.map((row) => loggedEvent(row, row.data)) };
    if (!propertiesOf) return followed;
    return { ...followed, properties: await this.#propertiesNamed(after, last, propertiesOf.filter((type) => type in counts)) };
  }

  /** Each property the events of `types` in (after, last] name, with its newest sequence: no payload read. */
  async #propertiesNamed(after: number, last: number, types: FollowQuery['whole']): Promise<Map<string, number>> {
    if (types.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('events')
      .select((eb) => ['property', eb.fn.max('sequence').as('newest')])
      .where('sequence', '>', String(after))
      .where('sequence', '<=', String(last))
      .where('type', 'in', types)
      .where('property', 'is not', null)
      .groupBy('property')
      .execute();
    return new Map(rows.map((row) => [String(row.property), Number(row.newest)]));
  }

  async oldestKept(): Promise<number> {
    const row = await this.db.selectFrom('events').select((eb) => eb.fn.min('sequence').as('oldest')).executeTakeFirst();
    return Number(row?.oldest ?? 0);
  }

  /** The newest committed row's sequence (not the sequence's last value, which may be a transaction's still under way). */
  async newest(): Promise<number> {
    const row = await this.db.selectFrom('events').select((eb) => eb.fn.max('sequence').as('newest')).executeTakeFirst();
    return Number(row?.newest ?? 0);
  }

  onAppended(listener: () => void): () => void {
    this.local.add(listener);
    this.listener?.start();
    return () => this.local.delete(listener);
  }

  /**
   * Deletes the events before the first one that happened at `before` or later, in sequence order:
   * no index on the time to keep up at every append, and the log stays gapless from its oldest
   * event kept on. (An event committed late may outlive its time by as long as its transaction.)
   */
  async prune(before: Date): Promise<number> {
    const { numAffectedRows } = await sql`
      delete from events where sequence < coalesce(
        (select sequence from events where occurred_at >= ${before} order by sequence limit 1),
        (select max(sequence) + 1 from events))`.execute(this.db);
    return Number(numAffectedRows ?? 0);
  }

  /** Stops listening (at shutdown). */
  async close(): Promise<void> {
    clearTimeout(this.tellLater);
    await this.listener?.stop();
  }

  /** Wakes the listeners now, or at the end of the window if they were woken within it (once, for every commit meanwhile). */
  private tell(): void {
    if (this.tellLater) return;
    const wait = this.toldAt + APPENDS_TOLD_EVERY_MS - performance.now();
    if (wait > 0) {
      this.tellLater = setTimeout(() => {
        this.tellLater = undefined;
        this.tell();
      }, wait);
      return;
    }
    this.toldAt = performance.now();
    for (const listener of this.local) listener();
  }
}
