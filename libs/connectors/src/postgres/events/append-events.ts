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
 * caused them, or not at all. Every instance listening is woken at the commit.
 */
export async function appendEvents(trx: Kysely<Database>, events: readonly NewEvent[]): Promise<LoggedEvent[]> {
  if (events.length === 0) return [];
  await sql`select pg_advisory_xact_lock(${APPEND_LOCK})`.execute(trx);
  const rows = events.map((event) => ({ id: newEventId(), type: event.type, chain: event.data.chain, property: event.data.property, data: JSON.stringify(event.data) }));
  const inserted = await trx.insertInto('events').values(rows).returning(['sequence', 'id', 'occurred_at']).execute();
  await sql`select pg_notify(${EVENTS_CHANNEL}, '')`.execute(trx);
  // INSERT ... RETURNING answers rows in the order of its VALUES.
  return events.flatMap((event, index) => {
    const row = inserted[index];
    return row ? [{ id: row.id, type: event.type, timestamp: row.occurred_at.toISOString(), data: { ...event.data, sequence: Number(row.sequence) } } as LoggedEvent] : [];
  });
}
