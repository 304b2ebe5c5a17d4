import { sql, type Kysely } from 'kysely';
import { declareCache } from '@hotelapi/caches';
import type { LoggedEventType } from '@hotelapi/domain';
import type { EventLog } from '../ports/event-log.js';
import { todayIn, type EpochDay } from '../pricing/calendar.js';
import { LoadedCalendar, readCalendarsOf } from './ari-queries.js';
import type { Database } from './database.js';

/**
 * Nights of ARI kept from yesterday (UTC) on: a chain's searches and its 90-day price calendar
 * fall within it; a stay or calendar reaching past it is read from PostgreSQL as before.
 */
export const KEPT_ARI_NIGHTS = 120;

/**
 * Each property's ARI over the window, weighed in nights of figures (a property's own, and each
 * room's): twelve bytes a night, so the bound holds some 100 MB, two chains of 5,000 properties
 * (45 MB each). Price calendars' arrival dates go with them (kept-arrivals.ts): 14 bytes a night
 * and question, 8 MB for such a chain's usual question.
 */
const KEPT_ARI = declareCache({
  name: 'postgres-kept-ari',
  key: 'property code',
  max: 12_000,
  maxSize: { limit: 8_000_000, unit: 'nights of a property or room' },
  invalidation:
    'the event log: an event naming the property (data.loaded, rates.changed, availability.changed) drops it, the log is read at most every second; all is dropped when events expired, reads move to another server or the day moves on',
});

/** The events that name a property whose ARI a write may have changed. */
const ARI_EVENTS: readonly LoggedEventType[] = ['data.loaded', 'rates.changed', 'availability.changed'];
/** Events read a page at a time; beyond this many behind, everything is read again instead (a whole load). */
const EVENTS_PAGE = 1_000;
const MOST_EVENTS_FOLLOWED = 5_000;
/**
 * Properties a query reads at once when filling the window: each stays well within the statement
 * timeout and its answer some megabytes, and a chain's first fill does not take every connection
 * of the pool.
 */
const PROPERTIES_A_READ = 250;
/**
 * A fill's reads under way at once: while Node decodes one batch, PostgreSQL scans the next, on
 * another core, so the window is kept sooner; two of the pool's connections at most.
 */
const FILL_READS_AT_ONCE = 2;
/**
 * Questions about this many properties or more (a chain's) fill the window of those not kept, behind
 * their answer; fewer (a shop, one hotel's calendar) do not: it would cost a read of 120 nights
 * each time a push has just changed the property.
 */
const FILLED_FROM = 50;

const EMPTY = new LoadedCalendar(0, 0);

/**
 * The ARI of the properties asked for, kept in memory over a window of nights (KEPT_ARI_NIGHTS,
 * in the compact columns of LoadedCalendar) and read once, instead of a chain's whole stay being
 * read and parsed again for every request. Kept up to date by the event log, which every write
 * appends to in its own transaction: an event of a property drops its ARI, filled again by the
 * next chain question. The log is read where the ARI is (a replica's routing), so a property is never read
 * again from a server that has not replayed the write yet.
 */
export class KeptAri {
  private readonly kept = KEPT_ARI.create<string, LoadedCalendar>({ sizeCalculation: (calendar) => calendar.size });
  /** Properties whose window is being read. */
  private readonly loading = new Set<string>();
  /** The last event applied; undefined until the log is first read (nothing is kept before). */
  private followed: number | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | undefined;
  private readFrom: string | undefined;
  private windowFirst: EpochDay = Number.NEGATIVE_INFINITY;
  /** Bumped when everything is dropped: a read begun before keeps nothing. */
  private epoch = 0;
  /** Properties an event named while reads were under way, with its sequence; emptied when none is. */
  private readonly changedMeanwhile = new Map<string, number>();
  private readsUnderWay = 0;
  /** Batches of the window waiting to be read, in the order asked. */
  private readonly waiting: string[][] = [];
  private fillReads = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly events: EventLog,
    private readonly now: () => Date,
    private readonly maxAgeMs: number,
    private readonly serverOf?: () => string,
  ) {}

  /** The ARI of `codes` from `first` (included) to `end` (excluded): kept when the window holds it, read otherwise. */
  async calendars(codes: readonly string[], first: EpochDay, end: EpochDay): Promise<(propertyCode: string) => LoadedCalendar> {
    await this.upToDate();
    if (first < this.windowFirst || end > this.windowFirst + KEPT_ARI_NIGHTS) {
      const read = await this.read(codes, first, end, 'shared');
      return (code) => read.get(code) ?? EMPTY;
    }
    const found = new Map<string, LoadedCalendar>();
    const notKept: string[] = [];
    for (const code of codes) {
      const kept = this.kept.get(code);
      if (kept) found.set(code, kept);
      else notKept.push(code);
    }
    if (notKept.length > 0) {
      // A question never waits for a fill (a chain of thousands takes seconds): what is not kept is
      // read for its own nights, and a chain's question fills the window behind it.
      try {
        for (const [code, calendar] of await this.read(notKept, first, end, 'shared')) found.set(code, calendar);
      } finally {
        if (codes.length >= FILLED_FROM) this.fill(notKept.filter((code) => !this.loading.has(code)));
      }
    }
    return (code) => found.get(code) ?? EMPTY;
  }

  /**
   * A write this process committed named these properties: their ARI is dropped now, so the
   * pusher's next question reads it again, with no read of the log (which tells every other
   * process within a second, and this one of everybody else's writes).
   */
  written(properties: Iterable<string>): void {
    for (const property of properties) {
      this.kept.delete(property);
      // A fill begun before the commit may have read the old nights: it keeps nothing of them.
      if (this.readsUnderWay > 0) this.changedMeanwhile.set(property, Number.MAX_SAFE_INTEGER);
    }
  }

  /** Reads the window of `codes`, a batch at a time, FILL_READS_AT_ONCE reads at once, and keeps what no event changed meanwhile. */
  private fill(codes: readonly string[]): void {
    for (let start = 0; start < codes.length; start += PROPERTIES_A_READ) {
      const batch = codes.slice(start, start + PROPERTIES_A_READ);
      for (const code of batch) this.loading.add(code);
      this.waiting.push(batch);
    }
    while (this.fillReads < FILL_READS_AT_ONCE && this.waiting.length > 0) void this.readWaiting();
  }

  /** Reads waiting batches one after another until none is left. */
  private async readWaiting(): Promise<void> {
    this.fillReads++;
    try {
      // A failed fill keeps nothing; the next chain question tries again.
      for (let batch = this.waiting.shift(); batch; batch = this.waiting.shift()) await this.fillBatch(batch).catch(() => undefined);
    } finally {
      this.fillReads--;
    }
  }

  private async fillBatch(codes: readonly string[]): Promise<void> {
    const [epoch, since, first] = [this.epoch, this.followed ?? 0, this.windowFirst];
    this.readsUnderWay++;
    try {
      const calendars = await this.read(codes, first, first + KEPT_ARI_NIGHTS, 'own');
      for (const [code, calendar] of calendars) {
        // Read before an event of it was applied, perhaps before its write committed: not kept.
        const stale = epoch !== this.epoch || (this.changedMeanwhile.get(code) ?? 0) > since;
        if (calendar.hasRows && !stale) this.kept.set(code, calendar);
      }
    } finally {
      for (const code of codes) this.loading.delete(code);
      if (--this.readsUnderWay === 0) this.changedMeanwhile.clear();
    }
  }

  /**
   * A chain's read without JIT (SET LOCAL in its transaction): planned at a hundred thousand or more
   * (a range scan per property), it runs in tens of milliseconds, and compiling it would add a good
   * part of that again. A read of fewer properties (a shop's, one hotel's) is planned below JIT's
   * threshold: one statement.
   */
  private read(codes: readonly string[], first: EpochDay, end: EpochDay, columns: 'own' | 'shared'): Promise<Map<string, LoadedCalendar>> {
    if (codes.length < FILLED_FROM) return readCalendarsOf(this.db, codes, first, end, columns);
    return this.db.transaction().execute(async (read) => {
      await sql`set local jit = off`.execute(read);
      return readCalendarsOf(read, codes, first, end, columns);
    });
  }

  private upToDate(): Promise<void> {
    if (this.serverOf?.() === this.readFrom && performance.now() - this.checkedAt < this.maxAgeMs) return Promise.resolve();
    this.checking ??= this.check().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  /** Applies the events committed since the last check, or drops everything when that is cheaper or required. */
  private async check(): Promise<void> {
    const started = performance.now();
    const server = this.serverOf?.();
    const windowFirst = todayIn('UTC', this.now()) - 1;
    const newest = await this.events.newest();
    const followed = this.followed;
    if (followed === undefined || server !== this.readFrom || windowFirst !== this.windowFirst || newest - followed > MOST_EVENTS_FOLLOWED) {
      this.dropAll(newest, windowFirst);
    } else if (newest > followed) {
      if ((await this.events.oldestKept()) > followed + 1) this.dropAll(newest, windowFirst);
      else await this.follow(followed);
    }
    this.readFrom = server;
    this.checkedAt = started;
  }

  private async follow(after: number): Promise<void> {
    for (;;) {
      // The properties named, not the events: a chain's push appends a thousand and more.
      const page = await this.events.follow({ after, limit: EVENTS_PAGE, whole: [], propertiesOf: ARI_EVENTS });
      for (const [property, sequence] of page.properties ?? []) {
        this.kept.delete(property);
        if (this.readsUnderWay > 0) this.changedMeanwhile.set(property, sequence);
      }
      this.followed = after = page.last;
      if (page.read < EVENTS_PAGE) return;
    }
  }

  private dropAll(followed: number, windowFirst: EpochDay): void {
    this.kept.clear();
    this.loading.clear();
    this.waiting.length = 0;
    this.epoch++;
    this.followed = followed;
    this.windowFirst = windowFirst;
  }
}
