import { declareCache } from '@hotelapi/caches';
import type { RoomRateAvailability } from '../../ports/booking-engine.js';
import type { Occupancy, Stay } from '../../ports/stay.js';
import { partyOf } from '../../pricing/party.js';
import { quoteCheapestPerPlan, quoteOfferedRates, stayFor } from '../../pricing/quote-stay.js';
import { todayIn } from '../../pricing/calendar.js';
import type { SandboxDataset } from '../dataset.js';

/** Quoted stays kept at once: a few kilobytes each, so some ten megabytes at most. */
const QUOTED_STAYS = declareCache({
  name: 'sandbox-stay-quotes',
  key: 'property and its push version, stay, party and the property’s today',
  max: 4_000,
  invalidation: 'none needed: a push to the property bumps its version, and the day is in the key',
});

/**
 * Every room and rate of a property for a stay, quoted once and kept, as a booking engine's rate
 * cache would: the sandbox's prices are a pure function of the property, the stay, the party,
 * "today" at the property and what was pushed for it (its version), which is all the key holds, so a kept quote is exactly what quoting
 * again would give. Bounded (least recently used out first). The rate shopper does not use it:
 * it needs only the bookable totals, and its answers are kept by the API. The arrays are frozen:
 * they are handed to every caller asking the same.
 */
export class StayQuotes {
  private readonly kept = QUOTED_STAYS.create<string, readonly RoomRateAvailability[]>();

  constructor(
    private readonly dataset: SandboxDataset,
    private readonly now: () => Date,
  ) {}

  /**
   * The property's quotes for the stay: kept ones, else quoted now and (with `keep`) kept. A chain
   * search passes `keep: false`: its 500 quotes for a stay nobody else asks would push out the
   * quotes that single-property calls reuse, and, kept long enough to outlive the young
   * generation, become old garbage (a burst of fresh chain searches grew the heap by hundreds of
   * megabytes that way).
   */
  quotes(propertyCode: string, request: Stay & Occupancy, { keep = true }: { readonly keep?: boolean } = {}): readonly RoomRateAvailability[] {
    const sandbox = this.dataset.requireProperty(propertyCode);
    const now = this.now();
    const party = partyOf(request);
    const key = `${propertyCode}|${this.dataset.pushes.versionOf(propertyCode)}|${request.checkIn}|${request.checkOut}|${party.rooms}|${party.adults}|${party.adultsPerRoom}|${party.childrenPerRoom}|${todayIn(sandbox.property.timeZone, now)}`;
    let quotes = this.kept.get(key);
    if (!quotes) {
      quotes = Object.freeze(quoteOfferedRates(stayFor(sandbox, this.dataset.calendarOf(sandbox), request, now)));
      if (keep) this.kept.set(key, quotes);
    }
    return quotes;
  }

  /**
   * The bookable room of each rate plan with the lowest total (quoteCheapestPerPlan), for a chain
   * search: quoted now and never kept, as its stays are seldom asked again property by property.
   */
  cheapestPerPlan(propertyCode: string, request: Stay & Occupancy): RoomRateAvailability[] {
    const sandbox = this.dataset.requireProperty(propertyCode);
    return quoteCheapestPerPlan(stayFor(sandbox, this.dataset.calendarOf(sandbox), request, this.now()));
  }
}
