import type { LoggedEvent } from '@hotelapi/domain';
import { sql, type Kysely } from 'kysely';
import { newEventIds } from '../../events/event-id.js';
import type { NewEvent } from '../../ports/event-log.js';
import type { Database } from '../database.js';
import { textArray } from '../loader/array-literals.js';

/** The channel every instance LISTENs on to learn that events were committed. */
export const EVENTS_CHANNEL = 'hotelapi_events';

/**
 * The transaction-scoped advisory lock appends take just before inserting: appends commit one at
 * a time, in the order of their sequences, so a reader following `sequence` never skips one that
 * commits late. Held from the insert to the commit only.
 */
export const EVENT_APPEND_LOCK = 310_031;

/** Takes the append lock: in the statement just before `appendLockedEvents`, as a part of it. */
export const takeAppendLock = sql<void>`pg_advisory_xact_lock(${EVENT_APPEND_LOCK})`;

/**
 * Appends events in the caller's transaction (the outbox): they commit with the change that
 * caused them, or not at all. Every instance listening is woken at the commit. Two round trips
 * however many events: the lock, then one statement that inserts them all and notifies.
 */
export async function appendEvents(trx: Kysely<Database>, events: readonly NewEvent[]): Promise<LoggedEvent[]> {
  if (events.length === 0) return [];
  await sql`select ${takeAppendLock}`.execute(trx);
  const rows = new EventColumns();
  const ids = newEventIds(events.length);
  events.forEach((event, index) => rows.add(event, ids[index] as string));
  const inserted = await sql<{ sequence: string; id: string; at: number }>`
    with inserted as (${rows.insert()} returning sequence, id, (extract(epoch from occurred_at) * 1000)::float8 as at),
    notified as (select pg_notify(${EVENTS_CHANNEL}, ''))
    select sequence, id, at from inserted, notified`.execute(trx);
  const byId = new Map(inserted.rows.map((row) => [row.id, row]));
  return events.flatMap((event, index) => {
    const row = byId.get(ids[index] ?? '');
    return row ? [{ id: row.id, type: event.type, timestamp: new Date(row.at).toISOString(), data: { ...event.data, sequence: Number(row.sequence) } } as LoggedEvent] : [];
  });
}

/**
 * As `appendEvents`, for a writer that took the lock already (`takeAppendLock`, in its last
 * statement before) and needs nothing back: one round trip for a push's events, which are in
 * memory. A load's (tens of thousands, tens of MB of payloads) come a piece at a time as they are
 * read back from the database (changes-set-aside.ts) and are sent slice by slice, so they are
 * never all in memory at once.
 */
export async function appendLockedEvents(trx: Kysely<Database>, pieces: Iterable<Iterable<NewEvent>> | AsyncIterable<Iterable<NewEvent>>): Promise<void> {
  const append = (rows: EventColumns, last: boolean) =>
    sql`with inserted as (${rows.insert()}), notified as (select pg_notify(${EVENTS_CHANNEL}, '') where ${last}) select 1 from notified`.execute(trx);
  let slice = new EventColumns();
  // Ids drawn a slice's worth at a time (event-id.ts), however many events each slice takes.
  let ids: string[] = [];
  for await (const piece of pieces) {
    for (const event of piece) {
      // A full slice is sent once another event follows it: the last one sent notifies.
      if (slice.length === APPEND_SLICE || slice.bytes >= APPEND_SLICE_TEXT) {
        await append(slice, false);
        slice = new EventColumns();
      }
      if (ids.length === 0) ids = newEventIds(APPEND_SLICE).reverse();
      slice.add(event, ids.pop() as string);
    }
  }
  if (slice.length > 0) await append(slice, true);
}

/** Events appended by one statement: at most so many, and about so much text (a chain's calendar events are long). */
const APPEND_SLICE = 2_000;
const APPEND_SLICE_TEXT = 1 << 20;

/**
 * Events as the columns they are inserted as, each bound as one array literal (array-literals.ts):
 * PostgreSQL reads those faster than a JSON document of rows. An event's chain and property go
 * beside its payload, so PostgreSQL reads them without parsing the payload again; sequences
 * follow the order of adding.
 */
class EventColumns {
  private readonly ids: string[] = [];
  private readonly types: string[] = [];
  private readonly chains: (string | null)[] = [];
  private readonly properties: (string | null)[] = [];
  private readonly payloads: string[] = [];
  /** The payloads' length. */
  bytes = 0;

  get length(): number {
    return this.ids.length;
  }

  add(event: NewEvent, id: string): void {
    const { chain, property } = event.data as { chain?: string; property?: string | null };
    const payload = JSON.stringify(event.data);
    this.ids.push(id);
    this.types.push(event.type);
    this.chains.push(chain ?? null);
    this.properties.push(property ?? null);
    this.payloads.push(payload);
    this.bytes += payload.length;
  }

  insert() {
    return sql`
      insert into events (id, type, chain, property, data)
      select * from unnest(${textArray(this.ids)}::text[], ${textArray(this.types)}::text[], ${textArray(this.chains)}::text[],
                           ${textArray(this.properties)}::text[], ${textArray(this.payloads)}::json[])`;
  }
}
