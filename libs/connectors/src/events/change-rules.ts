import type { DataRecord, DataRecordType } from '@hotelapi/domain';
import type { NewEvent } from '../ports/event-log.js';
import type { StayToCheck } from '../ports/parity-ledger.js';
import { formatIsoDate, parseIsoDate } from '../pricing/calendar.js';

/**
 * What a write changed, told as events: the one set of rules for every store (the sandbox's
 * memory and PostgreSQL). A store gives the figures a write replaced, as they were before and as
 * they are now; only real changes become events.
 */

/** A night's figures that move every room's price and a stay's rules. */
export interface NightFigures {
  readonly demandFactor: number;
  readonly minStay: number;
}

/** A room night's figures: its price factor, what is left, the rate plans it stop-sells. */
export interface RoomNightFigures {
  readonly priceFactor: number;
  readonly roomsLeft: number;
  readonly stopSell: readonly string[];
}

export interface NightChange {
  readonly property: string;
  readonly date: string;
  /** Undefined: the store had no such night. */
  readonly before: NightFigures | undefined;
  readonly after: NightFigures;
}

export interface RoomNightChange {
  readonly property: string;
  readonly room: string;
  readonly date: string;
  /** Undefined: the store had no ARI for it, so it was not for sale. */
  readonly before: RoomNightFigures | undefined;
  readonly after: RoomNightFigures;
}

type AvailabilityState = 'open' | 'closed' | 'soldOut';

/** A room's state on a night: not for sale without ARI, sold out at nothing left. */
function roomState(figures: RoomNightFigures | undefined): AvailabilityState {
  if (!figures) return 'closed';
  return figures.roomsLeft > 0 ? 'open' : 'soldOut';
}

type Counts = Partial<Record<DataRecordType, number>>;
type Counted = { chain: string | undefined; property: string | null; counts: Counts };

const EVERY_DATE = { from: '0001-01-01', to: '9999-12-31' } as const;

/**
 * A run of days a write's calendar changes name, set aside by a store (`setAside`, a load's batch
 * by batch) and given back property by property (`takeBack`): what a whole file changed is never
 * all in memory. `part` 0 is prices (`key` '' for days, or a room whose price moved, with no
 * days), 1 availability (`key` room|ratePlan|state: codes hold no '|'). The orders are of first sight: the
 * lowest a property (in its part) or key (in its property) was given is its place.
 */
export interface ChangeRun {
  readonly part: 0 | 1;
  readonly property: string;
  readonly key: string;
  readonly first: number | null;
  readonly last: number | null;
  readonly propertyOrder: number;
  readonly keyOrder: number;
}

/**
 * What one write changed, gathered as it is written (a load may stream millions of records:
 * only sets of days per property are kept), then told as events: `rates.changed` and
 * `availability.changed` with dates grouped into ranges of consecutive days (a season's push is
 * one event), `data.loaded` per property, and the parity checks the write calls for.
 */
export class WriteChanges {
  private readonly counts = new Map<string, Counted>();
  private lastCounted: Counted | undefined;
  private readonly priced = new Map<string, { days: Days; rooms: Set<string> }>();
  /** property → "room|ratePlan|state" → days */
  private readonly availability = new Map<string, Map<string, Days>>();
  private readonly checks = new Map<string, StayToCheck>();
  /** Orders of first sight given to what was set aside so far. */
  private sighted = 0;

  constructor(private readonly source: 'push' | 'load') {}

  /** Every record written: counted for `data.loaded`; collections and prices ask parity to look again. */
  record(record: DataRecord): void {
    if (record.type === 'chain') this.count(record.code, null, record.type);
    else if (record.type === 'property') this.count(record.chain, record.code, record.type);
    else if (record.type !== 'exchangeRate') this.count(undefined, record.property, record.type);
    // A room's or rate plan's own price moves every date of the property.
    if (record.type === 'room' || record.type === 'ratePlan') this.check({ kind: 'nights', property: record.property, ...EVERY_DATE });
    if (record.type === 'channelShop') {
      this.check({ kind: 'stay', property: record.property, arrival: record.arrival, nights: record.nights, adults: record.adults, children: record.children });
    }
  }

  /** A night's figures replaced. */
  night({ property, date, before, after }: NightChange): void {
    if (before?.demandFactor !== after.demandFactor) this.pricedOf(property).days.add(parseIsoDate(date));
  }

  /** A room night's figures replaced. */
  roomNight({ property, room, date, before, after }: RoomNightChange): void {
    const day = parseIsoDate(date);
    if (before?.priceFactor !== after.priceFactor) {
      const entry = this.pricedOf(property);
      entry.days.add(day);
      entry.rooms.add(room);
    }
    const state = roomState(after);
    if (roomState(before) !== state) this.mark(property, room, null, state, day);
    // Stop-sell lists are a few plans (most often none): compared as they are, no sets per night.
    const closedBefore = before?.stopSell ?? [];
    for (const plan of after.stopSell) if (!closedBefore.includes(plan)) this.mark(property, room, plan, 'closed', day);
    // A stop-sell lifted from a room night that had ARI: the rate plan is open again.
    for (const plan of closedBefore) if (!after.stopSell.includes(plan)) this.mark(property, room, plan, 'open', day);
  }

  /** Every property the write named: the caller finds their chains. */
  properties(): string[] {
    return [...new Set([...this.counts.values()].flatMap(({ property }) => (property === null ? [] : [property])))];
  }

  /** The write's events, calendar changes first, `data.loaded` last. */
  events(chainOf: (property: string) => string, dataVersion: number): NewEvent[] {
    return [...this.eachEvent(chainOf, dataVersion)];
  }

  /** As `events`, made one at a time as they are taken: a load's (tens of thousands) are never all in memory at once. */
  *eachEvent(chainOf: (property: string) => string, dataVersion: number): Generator<NewEvent> {
    yield* this.calendarEvents(chainOf);
    yield* this.loadedEvents(chainOf, dataVersion);
  }

  /** `rates.changed` then `availability.changed` of the calendar changes held now. */
  *calendarEvents(chainOf: (property: string) => string): Generator<NewEvent> {
    for (const [property, { days, rooms }] of this.priced) {
      yield { type: 'rates.changed', data: { chain: chainOf(property), property, ranges: days.ranges(), rooms: [...rooms].sort() } };
    }
    for (const [property, byKey] of this.availability) {
      const changes = [...byKey].flatMap(([key, days]) => {
        const [room = '', ratePlan = '', state] = key.split('|');
        return days.ranges().map((range) => ({ ...range, room, ratePlan: ratePlan === '' ? null : ratePlan, state: state as AvailabilityState }));
      });
      changes.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.room < b.room ? -1 : a.room > b.room ? 1 : 0));
      yield { type: 'availability.changed', data: { chain: chainOf(property), property, changes } };
    }
  }

  /** `data.loaded` per property (and chain) the write named. */
  *loadedEvents(chainOf: (property: string) => string, dataVersion: number): Generator<NewEvent> {
    for (const { chain, property, counts } of this.counts.values()) {
      yield { type: 'data.loaded', data: { chain: chain ?? chainOf(property as string), property, source: this.source, counts, dataVersion } };
    }
  }

  /** What parity must look at again: each stay a collection was added for, and every date whose direct prices or availability moved. */
  parityChecks(): StayToCheck[] {
    this.checkChangedNights();
    return [...this.checks.values()];
  }

  /** Asks parity about the nights the calendar changes held now moved (those taken back part by part, as they come). */
  checkChangedNights(): void {
    for (const [property, { days }] of this.priced) for (const range of days.ranges()) this.check({ kind: 'nights', property, ...range });
    for (const [property, byKey] of this.availability) for (const range of Days.union(byKey.values()).ranges()) this.check({ kind: 'nights', property, ...range });
  }

  /** Asks parity about a property's nights `first` to `last` (days), a range a store merged of the runs set aside. */
  checkNightsOf(property: string, first: number, last: number): void {
    this.check({ kind: 'nights', property, from: dayText(first), to: dayText(last) });
  }

  /** The calendar changes held now, as runs, forgotten here: the store keeps them. */
  setAside(): ChangeRun[] {
    const runs: ChangeRun[] = [];
    for (const [property, { days, rooms }] of this.priced) {
      const propertyOrder = this.sighted++;
      days.eachRun((first, last) => runs.push({ part: 0, property, key: '', first, last, propertyOrder, keyOrder: 0 }));
      for (const room of rooms) runs.push({ part: 0, property, key: room, first: null, last: null, propertyOrder, keyOrder: 0 });
    }
    for (const [property, byKey] of this.availability) {
      const propertyOrder = this.sighted++;
      for (const [key, days] of byKey) {
        const keyOrder = this.sighted++;
        days.eachRun((first, last) => runs.push({ part: 1, property, key, first, last, propertyOrder, keyOrder }));
      }
    }
    this.forgetCalendar();
    return runs;
  }

  /**
   * Runs set aside, given back: in order of first sight (properties, then keys, then days), so
   * the events and checks made of them are those the changes held in memory would have made.
   */
  takeBack(runs: Iterable<Pick<ChangeRun, 'part' | 'property' | 'key' | 'first' | 'last'>>): void {
    for (const { part, property, key, first, last } of runs) {
      if (part === 0) {
        const entry = this.pricedOf(property);
        if (first === null || last === null) entry.rooms.add(key);
        else entry.days.addRun(first, last);
      } else if (first !== null && last !== null) this.daysOf(property, key).addRun(first, last);
    }
  }

  /** Drops the calendar changes held (set aside, or told as events already). */
  forgetCalendar(): void {
    this.priced.clear();
    this.availability.clear();
  }

  private count(chain: string | undefined, property: string | null, type: DataRecordType): void {
    // A file's records come property by property: the last entry, without a key made per record.
    let entry = this.lastCounted;
    if (entry?.property !== property || property === null) {
      const key = property === null ? `chain ${chain}` : `property ${property}`;
      entry = this.counts.get(key);
      if (!entry) this.counts.set(key, (entry = { chain, property, counts: {} }));
      this.lastCounted = entry;
    }
    entry.chain ??= chain;
    entry.counts[type] = (entry.counts[type] ?? 0) + 1;
  }

  private check(check: StayToCheck): void {
    // Keyed by its fields (codes and dates hold no '|'), not a JSON text of each.
    const key = check.kind === 'stay'
      ? `stay|${check.property}|${check.arrival}|${check.nights}|${check.adults}|${check.children}`
      : `nights|${check.property}|${check.from}|${check.to}`;
    this.checks.set(key, check);
  }

  private pricedOf(property: string) {
    let entry = this.priced.get(property);
    if (!entry) this.priced.set(property, (entry = { days: new Days(), rooms: new Set() }));
    return entry;
  }

  private mark(property: string, room: string, ratePlan: string | null, state: AvailabilityState, day: number): void {
    this.daysOf(property, `${room}|${ratePlan ?? ''}|${state}`).add(day);
  }

  private daysOf(property: string, key: string): Days {
    let byKey = this.availability.get(property);
    if (!byKey) this.availability.set(property, (byKey = new Map()));
    let days = byKey.get(key);
    if (!days) byKey.set(key, (days = new Days()));
    return days;
  }
}

/**
 * A set of days kept as runs of consecutive days: a load tells millions of room nights, a
 * property's room its whole calendar, and a Set held each day of each (a heap growing with the file).
 */
class Days {
  /** [from, to, from, to, ...]: sorted, neither overlapping nor touching. */
  private readonly runs: number[] = [];

  add(day: number): void {
    const runs = this.runs;
    const last = runs.length - 1;
    // Days come mostly in order: extend or open the last run.
    if (last < 0 || day > (runs[last] as number) + 1) runs.push(day, day);
    else if (day === (runs[last] as number) + 1) runs[last] = day;
    else if (day < (runs[last - 1] as number)) this.addBefore(day);
  }

  /** A run of days, merged with those it touches: runs given oldest first are merged at the end. */
  addRun(first: number, last: number): void {
    const runs = this.runs;
    const end = runs.length - 1;
    if (end < 0 || first > (runs[end] as number) + 1) runs.push(first, last);
    else if (first >= (runs[end - 1] as number)) runs[end] = Math.max(runs[end] as number, last);
    else for (let day = first; day <= last; day++) this.add(day);
  }

  /** Each run, oldest first. */
  eachRun(take: (first: number, last: number) => void): void {
    for (let at = 0; at < this.runs.length; at += 2) take(this.runs[at] as number, this.runs[at + 1] as number);
  }

  /** The days as ranges of consecutive days, oldest first; `to` included. */
  ranges(): { from: string; to: string }[] {
    const ranges: { from: string; to: string }[] = [];
    for (let at = 0; at < this.runs.length; at += 2) ranges.push({ from: dayText(this.runs[at] as number), to: dayText(this.runs[at + 1] as number) });
    return ranges;
  }

  /** Every day of any of `sets`, merged run by run. */
  static union(sets: Iterable<Days>): Days {
    const runs: [number, number][] = [];
    for (const { runs: of } of sets) for (let at = 0; at < of.length; at += 2) runs.push([of[at] as number, of[at + 1] as number]);
    runs.sort((a, b) => a[0] - b[0]);
    const union = new Days();
    for (const [from, to] of runs) {
      const last = union.runs.length - 1;
      if (last >= 0 && from <= (union.runs[last] as number) + 1) union.runs[last] = Math.max(union.runs[last] as number, to);
      else union.runs.push(from, to);
    }
    return union;
  }

  /** A day before the last run: into its place, merged with the runs it touches. */
  private addBefore(day: number): void {
    const runs = this.runs;
    let at = 0;
    while ((runs[at + 1] as number) < day - 1) at += 2;
    if (day >= (runs[at] as number) && day <= (runs[at + 1] as number)) return;
    if (day === (runs[at] as number) - 1) runs[at] = day;
    else if (day === (runs[at + 1] as number) + 1) {
      runs[at + 1] = day;
      if (runs[at + 2] === day + 1) runs.splice(at + 1, 2);
    } else runs.splice(at, 0, day, day);
  }
}

/** Days as ranges of consecutive days, oldest first; `to` included. */
export function dateRanges(days: Iterable<number>): { from: string; to: string }[] {
  const set = new Days();
  for (const day of days) set.add(day);
  return set.ranges();
}

/** Formatted days, kept: a big write names the same few dates for each of many properties. */
const dayTexts = new Map<number, string>();
function dayText(day: number): string {
  let text = dayTexts.get(day);
  if (text === undefined) dayTexts.set(day, (text = formatIsoDate(day)));
  return text;
}
