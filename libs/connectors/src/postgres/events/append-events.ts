import type { LoggedEvent } from '@hotelapi/domain';
import { sql, type Kysely } from 'kysely';
import { newEventId } from '../../events/event-id.js';
import type { NewEvent } from '../../ports/event-log.js';
import type { Database } from '../database.js';

/** The channel every instance LISTENs on to learn that events were committed. */
export const EVENTS_CHANNEL = 'hotelapi_events';

/**
 * The transaction-scoped advisory lock appends take just before inserting: appends commit one at
 * a time, in the order of their sequences, so a reader following `sequence` never skips one that
 * commits late. Held from the insert to the commit only.
 */
const APPEND_LOCK = 310_031;

/**
 * Appends events in the caller's transaction (the outbox): they commit with the change that
 * caused them, or not at all. Every instance listening is woken at the commit. Two round trips
 * however many events: the lock, then one statement that inserts them all and notifies.
 */
export async function appendEvents(trx: Kysely<Database>, events: readonly NewEvent[]): Promise<LoggedEvent[]>;
/** As above, for a writer that needs nothing back (a push's events): nothing is read back. */
export async function appendEvents(trx: Kysely<Database>, events: readonly NewEvent[], logged: false): Promise<void>;
export async function appendEvents(trx: Kysely<Database>, events: readonly NewEvent[], logged = true): Promise<LoggedEvent[] | void> {
  if (events.length === 0) return [];
  await sql`select pg_advisory_xact_lock(${APPEND_LOCK})`.execute(trx);
  const rows = events.map((event) => ({ id: newEventId(), type: event.type, data: event.data }));
  // The events as one JSON document: a single parameter, no array literal to escape element by element.
  const inserted = await sql<{ sequence: string; id: string; at: number }>`
    with inserted as (
      insert into events (id, type, chain, property, data)
      select e.id, e.type, e.data->>'chain', e.data->>'property', e.data from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as e(id text, type text, data jsonb)
      returning sequence, id, (extract(epoch from occurred_at) * 1000)::float8 as at),
    notified as (select pg_notify(${EVENTS_CHANNEL}, ''))
    select ${logged ? sql`sequence, id, at from inserted, notified` : sql`null as sequence, null as id, null as at from (select count(*) from inserted) as counted, notified`}`.execute(trx);
  if (!logged) return;
  const byId = new Map(inserted.rows.map((row) => [row.id, row]));
  return events.flatMap((event, index) => {
    const row = byId.get(rows[index]?.id ?? '');
    return row ? [{ id: row.id, type: event.type, timestamp: new Date(row.at).toISOString(), data: { ...event.data, sequence: Number(row.sequence) } } as LoggedEvent] : [];
  });
}
