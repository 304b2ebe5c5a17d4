import type { EventLog } from '../ports/event-log.js';
import type { KnownParity, ParityLedger, ParityOutcome, StayToCheck, StayUnderReview, WatchedStay } from '../ports/parity-ledger.js';
import { lastNightOf } from './stay-nights.js';

const stayKey = (stay: WatchedStay) => `${stay.property}|${stay.arrival}|${stay.nights}|${stay.adults}|${stay.children}`;
const statusKey = (known: KnownParity) => `${known.channel}|${known.tolerance}`;

/** The sandbox's parity ledger: in this process's memory, lost at restart, like its pushes. */
export class MemoryParityLedger implements ParityLedger {
  readonly durable = false;
  private pending: StayToCheck[] = [];
  private readonly watched = new Map<string, { stay: WatchedStay; known: Map<string, KnownParity> }>();
  private reviewing: Promise<unknown> = Promise.resolve();

  constructor(private readonly log: EventLog) {}

  /** Called by the sandbox's writer with every write it applied. */
  record(checks: readonly StayToCheck[]): void {
    this.pending.push(...checks);
  }

  review(limit: number, judge: (stays: readonly StayUnderReview[]) => Promise<ParityOutcome>): Promise<number> {
    // One review at a time, as PostgreSQL's claim makes it.
    const run = this.reviewing.then(() => this.reviewOnce(limit, judge));
    this.reviewing = run.catch(() => undefined);
    return run;
  }

  private async reviewOnce(limit: number, judge: (stays: readonly StayUnderReview[]) => Promise<ParityOutcome>): Promise<number> {
    const claimed = this.pending.slice(0, limit);
    if (claimed.length === 0) return 0;
    const stays = new Map<string, WatchedStay>();
    for (const check of claimed) {
      if (check.kind === 'stay') {
        const stay = { property: check.property, arrival: check.arrival, nights: check.nights, adults: check.adults, children: check.children };
        stays.set(stayKey(stay), stay);
      } else {
        for (const [key, { stay }] of this.watched) {
          if (stay.property === check.property && stay.arrival <= check.to && lastNightOf(stay) >= check.from) stays.set(key, stay);
        }
      }
    }
    const outcome = await judge([...stays].map(([key, stay]) => ({ ...stay, known: [...(this.watched.get(key)?.known.values() ?? [])] })));
    this.pending = this.pending.slice(claimed.length);
    for (const { channel, tolerance, status, ...stay } of outcome.states) {
      const key = stayKey(stay);
      let entry = this.watched.get(key);
      if (!entry) this.watched.set(key, (entry = { stay, known: new Map() }));
      entry.known.set(statusKey({ channel, tolerance, status }), { channel, tolerance, status });
    }
    await this.log.append(outcome.events);
    return claimed.length;
  }

  async forgetBefore(before: string): Promise<number> {
    let forgotten = 0;
    for (const [key, { stay }] of this.watched) {
      if (stay.arrival < before) {
        this.watched.delete(key);
        forgotten++;
      }
    }
    return forgotten;
  }
}
