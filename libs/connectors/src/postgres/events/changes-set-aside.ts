import { sql, type Kysely } from 'kysely';
import type { ChangeRun, WriteChanges } from '../../events/change-rules.js';
import type { NewEvent } from '../../ports/event-log.js';
import type { Database } from '../database.js';
import { numberArray, textArray } from '../loader/array-literals.js';

/** Runs read back at a time. */
const FETCH = 10_000;

type RunBack = Pick<ChangeRun, 'part' | 'property' | 'key' | 'first' | 'last'>;

/**
 * A load's calendar changes, kept in its transaction's own temporary table batch by batch
 * (`keep`) instead of in memory, and read back property by property through a cursor at the end:
 * what the file changed grows with the chain (properties by days), what Node holds does not. The
 * rules and the events stay `WriteChanges`'; this only stores its runs. The table goes with the
 * transaction, committed or rolled back.
 */
export class ChangesSetAside {
  private created = false;

  constructor(private readonly trx: Kysely<Database>) {}

  /** Whether anything was set aside: if not, the changes held in memory are the whole story. */
  get kept(): boolean {
    return this.created;
  }

  async keep(runs: readonly ChangeRun[]): Promise<void> {
    if (runs.length === 0) return;
    if (!this.created) {
      await sql`
        create temporary table write_changes (part smallint, property text, key text, first int, last int, property_order int, key_order int)
        on commit drop`.execute(this.trx);
      this.created = true;
    }
    const texts = (name: 'property' | 'key') => textArray(runs.map((run) => run[name]));
    const numbers = (name: 'part' | 'first' | 'last' | 'propertyOrder' | 'keyOrder') => numberArray(runs.map((run) => run[name]));
    await sql`
      insert into write_changes
      select * from unnest(${numbers('part')}::smallint[], ${texts('property')}::text[], ${texts('key')}::text[], ${numbers('first')}::int[],
                           ${numbers('last')}::int[], ${numbers('propertyOrder')}::int[], ${numbers('keyOrder')}::int[])`.execute(this.trx);
  }

  /**
   * Asks parity, through `changes`, about every night the runs kept moved: per property, the
   * price runs merged, then the availability runs of all its keys merged (as `checkChangedNights`
   * does in memory), in the same order. Merged here: only the ranges come back to Node.
   */
  async checkChangedNights(changes: WriteChanges): Promise<void> {
    const { rows } = await sql<{ property: string; first: number; last: number }>`
      with runs as (
        select part, property, first, last, min(property_order) over (partition by part, property) as property_seen
        from write_changes where first is not null),
      starts as (
        select *, coalesce(first > 1 + max(last) over (partition by part, property order by first, last rows between unbounded preceding and 1 preceding), true) as starts
        from runs),
      ranges as (select *, count(*) filter (where starts) over (partition by part, property order by first, last) as range from starts)
      select property, min(first) as first, max(last) as last from ranges
      group by part, property, property_seen, range
      order by part, property_seen, first`.execute(this.trx);
    for (const { property, first, last } of rows) changes.checkNightsOf(property, first, last);
  }

  /**
   * The write's events as `changes.eachEvent` tells them, a property's at a time, with only its
   * runs in memory: each piece is taken whole before the next is asked for.
   */
  async *events(changes: WriteChanges, chainOf: (property: string) => string, dataVersion: number): AsyncGenerator<Iterable<NewEvent>> {
    for await (const runs of this.eachProperty()) {
      changes.takeBack(runs);
      yield changes.calendarEvents(chainOf);
      changes.forgetCalendar();
    }
    yield changes.loadedEvents(chainOf, dataVersion);
  }

  /** The runs kept, one property's (of one part) at a time: prices first, then availability, each in order of first sight. */
  private async *eachProperty(): AsyncGenerator<RunBack[]> {
    await sql`
      declare write_changes_back no scroll cursor for
      select part, property, key, first, last from (
        select *, min(property_order) over (partition by part, property) as property_seen, min(key_order) over (partition by part, property, key) as key_seen
        from write_changes) runs
      order by part, property_seen, key_seen, key, first`.execute(this.trx);
    let property: RunBack[] = [];
    for (;;) {
      const { rows } = await sql<RunBack>`fetch forward ${sql.raw(String(FETCH))} from write_changes_back`.execute(this.trx);
      for (const run of rows) {
        const held = property[0];
        if (held && (held.part !== run.part || held.property !== run.property)) {
          yield property;
          property = [];
        }
        property.push(run);
      }
      if (rows.length < FETCH) break;
    }
    if (property.length > 0) yield property;
    await sql`close write_changes_back`.execute(this.trx);
  }
}
