import type { LoggedEvent } from '@hotelapi/domain';
import { sql, type Kysely } from 'kysely';
import { newEventIds } from '../../events/event-id.js';
import type { NewEvent } from '../../ports/event-log.js';
import type { Database } from '../database.js';

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
  const rows = withIds(events);
  const inserted = await sql<{ sequence: string; id: string; at: number }>`
    with inserted as (${insertEvents(rows)} returning sequence, id, (extract(epoch from occurred_at) * 1000)::float8 as at),
    notified as (select pg_notify(${EVENTS_CHANNEL}, ''))
    select sequence, id, at from inserted, notified`.execute(trx);
  const byId = new Map(inserted.rows.map((row) => [row.id, row]));
  return events.flatMap((event, index) => {
    const row = byId.get(rows[index]?.id ?? '');
    return row ? [{ id: row.id, type: event.type, timestamp: new Date(row.at).toISOString(), data: { ...event.data, sequence: Number(row.sequence) } } as LoggedEvent] : [];
  });
}

/**
 * As `appendEvents`, for a writer that took the lock already (`takeAppendLock`, in its last
 * statement before) and needs nothing back: one round trip for a push's events. A load's (tens
 * of thousands, tens of MB of payloads) are taken and sent slice by slice, so they are never all in memory at once.
 * They may come as they are read back from the database (changes-set-aside.ts).
 */
export async function appendLockedEvents(trx: Kysely<Database>, events: Iterable<NewEvent> | AsyncIterable<NewEvent>): Promise<void> {
  const append = (rows: readonly string[], last: boolean) =>
    sql`
      with inserted as (${insertEventsFrom(`[${rows.join(',')}]`)}), notified as (select pg_notify(${EVENTS_CHANNEL}, '') where ${last})
      select 1 from notified`.execute(trx);
  let slice: string[] = [];
  let bytes = 0;
  // Ids drawn a slice's worth at a time (event-id.ts), however many events each slice takes.
  let ids: string[] = [];
  for await (const event of events) {
    // A full slice is sent once another event follows it: the last one sent notifies.
    if (slice.length === APPEND_SLICE || bytes >= APPEND_SLICE_TEXT) {
      await append(slice, false);
      slice = [];
      bytes = 0;
    }
    if (ids.length === 0) ids = newEventIds(APPEND_SLICE).reverse();
    const row = JSON.stringify(eventRow(event, ids.pop() as string));
    slice.push(row);
    bytes += row.length;
  }
  if (slice.length > 0) await append(slice, true);
}

/** Events appended by one statement: at most so many, and about so much text (a chain's calendar events are long). */
const APPEND_SLICE = 2_000;
const APPEND_SLICE_TEXT = 1 << 20;

/** An event as inserted: its chain and property beside its payload, so PostgreSQL reads them without parsing the payload again. */
interface EventRow {
  readonly id: string;
  readonly type: string;
  readonly chain?: string;
  readonly property?: string | null;
  readonly data: NewEvent['data'];
}

function withIds(events: readonly NewEvent[]): EventRow[] {
  const ids = newEventIds(events.length);
  return events.map((event, index) => eventRow(event, ids[index] as string));
}

function eventRow(event: NewEvent, id: string): EventRow {
  const { chain, property } = event.data as { chain?: string; property?: string | null };
  return { id, type: event.type, chain, property, data: event.data };
}

/**
 * The events inserted from one JSON document: a single parameter, no array literal to escape
 * element by element; sequences follow the document's order.
 */
function insertEvents(rows: readonly EventRow[]) {
  return insertEventsFrom(JSON.stringify(rows));
}

function insertEventsFrom(json: string) {
  return sql`
    insert into events (id, type, chain, property, data)
    select e.id, e.type, e.chain, e.property, e.data
    from json_to_recordset(${json}::json) as e(id text, type text, chain text, property text, data json)`;
}
