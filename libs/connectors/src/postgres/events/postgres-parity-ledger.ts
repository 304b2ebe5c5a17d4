import type { ChannelType, ParityStatus } from '@hotelapi/domain';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { KnownParity, ParityLedger, ParityOutcome, StayToCheck, StayUnderReview, WatchedStay } from '../../ports/parity-ledger.js';
import type { Database } from '../database.js';
import { appendEvents } from './append-events.js';

/**
 * The statements recording what parity must look at again, to run in the caller's transaction
 * (the write's, as common table expressions of one of its statements: `, stays as (…), spans as
 * (…)`); undefined when there is nothing to look at. Each collected stay is a row; the nights a
 * write moved are ONE row however many properties it names (a calendar push names hundreds).
 */
export function parityWorkInserts(checks: readonly StayToCheck[]): RawBuilder<unknown> | undefined {
  const stays = checks.filter((check) => check.kind === 'stay');
  const spans = checks.filter((check) => check.kind === 'nights');
  if (stays.length === 0 && spans.length === 0) return undefined;
  const staysInsert =
    stays.length === 0
      ? sql``
      : sql`, stays as (
          insert into parity_checks (property, arrival, nights, adults, children)
          select * from unnest(${stays.map((c) => c.property)}::text[], ${stays.map((c) => c.arrival)}::date[], ${stays.map((c) => c.nights)}::int[],
                               ${stays.map((c) => c.adults)}::int[], ${stays.map((c) => c.children)}::int[]))`;
  const spansInsert =
    spans.length === 0
      ? sql``
      : sql`, spans as (
          insert into parity_night_checks (properties, first_nights, last_nights)
          values (${spans.map((c) => c.property)}::text[], ${spans.map((c) => c.from)}::date[], ${spans.map((c) => c.to)}::date[]))`;
  return sql`${staysInsert}${spansInsert}`;
}

/** Nights whose watched stays a review judges again. */
interface NightSpan {
  readonly property: string;
  readonly first_night: string;
  readonly last_night: string;
}

const stayKey = (stay: WatchedStay) => `${stay.property}|${stay.arrival}|${stay.nights}|${stay.adults}|${stay.children}`;

/**
 * The parity watcher's work and memory in PostgreSQL. A review claims pending checks by deleting
 * them, FOR UPDATE SKIP LOCKED (another instance takes other checks meanwhile) and, in the same
 * transaction, keeps the new statuses and appends their events: a crash before the commit leaves
 * the checks pending for the next review.
 */
export class PostgresParityLedger implements ParityLedger {
  readonly durable = true;

  constructor(private readonly db: Kysely<Database>) {}

  review(limit: number, judge: (stays: readonly StayUnderReview[]) => Promise<ParityOutcome>): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      // Claimed by deleting them: other reviews skip the rows this one holds, and a rollback (a
      // crash, a failed judgement) leaves them pending again. A write's nights are one row, read
      // here as one span per property.
      const { rows: checks } = await sql<{ property: string; arrival: string | null; nights: number | null; adults: number | null; children: number | null; first_night: string | null; last_night: string | null }>`
        delete from parity_checks where id in (select id from parity_checks order by id limit ${limit} for update skip locked)
        returning property, arrival, nights, adults, children, first_night, last_night`.execute(trx);
      const { rows: written } = await sql<NightSpan & { claimed: string }>`
        with claimed as (
          delete from parity_night_checks where id in (select id from parity_night_checks order by id limit ${limit} for update skip locked)
          returning id, properties, first_nights, last_nights)
        select c.id as claimed, s.property, s.first_night::text as first_night, s.last_night::text as last_night
        from claimed c, unnest(c.properties, c.first_nights, c.last_nights) as s(property, first_night, last_night)`.execute(trx);
      if (checks.length === 0 && written.length === 0) return 0;
      // One review of a property at a time, across instances: another waits here, then reads the
      // statuses this one commits, so a change of state is told once. In code order (the array's,
      // which unnest keeps): no deadlock. One statement however many properties.
      const properties = [...new Set([...checks, ...written].map((check) => check.property))].sort();
      await sql`select count(pg_advisory_xact_lock(hashtextextended('parity ' || property, 0))) from unnest(${properties}::text[]) as property`.execute(trx);
      const stays = new Map<string, WatchedStay>();
      for (const check of checks) {
        const { property, arrival, nights, adults, children } = check;
        if (arrival !== null && nights !== null && adults !== null && children !== null) {
          const stay = { property, arrival, nights, adults, children };
          stays.set(stayKey(stay), stay);
        }
      }
      // Spans in parity_checks are those written before parity_night_checks existed.
      const spans = [...(checks.filter((check) => check.first_night !== null) as NightSpan[]), ...written];
      if (spans.length > 0) {
        // Every watched stay with a night in a span: arriving by its last night, leaving after its first.
        const watched = await sql<WatchedStay>`
          select distinct s.property, s.arrival::text as arrival, s.nights, s.adults, s.children
          from parity_states s
          join unnest(${spans.map((c) => c.property)}::text[], ${spans.map((c) => c.first_night)}::date[], ${spans.map((c) => c.last_night)}::date[])
            as c(property, first_night, last_night)
            on s.property = c.property and s.arrival <= c.last_night and s.arrival + s.nights > c.first_night`.execute(trx);
        for (const stay of watched.rows) stays.set(stayKey(stay), stay);
      }
      const known = await this.knownOf(trx, [...stays.values()]);
      const outcome = await judge([...stays].map(([key, stay]) => ({ ...stay, known: known.get(key) ?? [] })));
      if (outcome.states.length > 0) {
        // In key order, as every review writes them: two reviews wait for each other, never deadlock.
        const keyOf = (s: (typeof outcome.states)[number]) => `${stayKey(s)}|${s.channel}|${s.tolerance}`;
        const states = [...outcome.states].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
        await sql`
          insert into parity_states (property, arrival, nights, adults, children, channel, tolerance, status)
          select * from unnest(${states.map((s) => s.property)}::text[], ${states.map((s) => s.arrival)}::date[], ${states.map((s) => s.nights)}::int[],
                               ${states.map((s) => s.adults)}::int[], ${states.map((s) => s.children)}::int[], ${states.map((s) => s.channel)}::text[],
                               ${states.map((s) => s.tolerance)}::float8[], ${states.map((s) => s.status)}::text[])
          on conflict (property, arrival, nights, adults, children, channel, tolerance)
          do update set status = excluded.status, judged_at = now()`.execute(trx);
      }
      await appendEvents(trx, outcome.events);
      return checks.length + new Set(written.map((span) => span.claimed)).size;
    });
  }

  async forgetBefore(before: string): Promise<number> {
    const result = await this.db.deleteFrom('parity_states').where('arrival', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private async knownOf(trx: Kysely<Database>, stays: readonly WatchedStay[]): Promise<Map<string, KnownParity[]>> {
    const known = new Map<string, KnownParity[]>();
    if (stays.length === 0) return known;
    const rows = await sql<WatchedStay & { channel: string; tolerance: number; status: string }>`
      select s.property, s.arrival::text as arrival, s.nights, s.adults, s.children, s.channel, s.tolerance, s.status
      from parity_states s
      join unnest(${stays.map((s) => s.property)}::text[], ${stays.map((s) => s.arrival)}::date[], ${stays.map((s) => s.nights)}::int[],
                  ${stays.map((s) => s.adults)}::int[], ${stays.map((s) => s.children)}::int[]) as w(property, arrival, nights, adults, children)
        on (s.property, s.arrival, s.nights, s.adults, s.children) = (w.property, w.arrival, w.nights, w.adults, w.children)`.execute(trx);
    for (const row of rows.rows) {
      const key = stayKey(row);
      const list = known.get(key) ?? [];
      list.push({ channel: row.channel as ChannelType, tolerance: row.tolerance, status: row.status as ParityStatus });
      known.set(key, list);
    }
    return known;
  }
}
