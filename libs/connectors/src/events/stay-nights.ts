import { formatIsoDate, parseIsoDate } from '../pricing/calendar.js';
import type { WatchedStay } from '../ports/parity-ledger.js';

/** The last night of a stay (`yyyy-MM-dd`): the night before departure. */
export function lastNightOf(stay: Pick<WatchedStay, 'arrival' | 'nights'>): string {
  return formatIsoDate(parseIsoDate(stay.arrival) + stay.nights - 1);
}
