import type { Chain } from '@hotelapi/connectors';
import type { AvailabilityMultiQuery, AvailabilityMultiResponse, PriceCalendarQuery, PriceCalendarResponse, SupportedLanguage } from '@hotelapi/domain';
import { chainAvailability, type ProgressReport, type WarningLog } from './availability.js';
import type { ApiServices } from './context.js';
import { priceCalendar } from './price-calendar.js';

/** A heavy question about a chain, as every edge asks it. */
interface ChainQuestion<Query> {
  /** Whose heavy-work places it takes: the REST request's rate-limit budget, the MCP caller's key id. */
  readonly caller: string;
  readonly chain: Chain;
  readonly query: Query;
  /** Where properties left out are reported: the request's logger. */
  readonly log: WarningLog;
}

export interface ChainSearchQuestion extends ChainQuestion<AvailabilityMultiQuery> {
  readonly language: SupportedLanguage;
  /** Told of the search's stages; served by an identical search, only of its end. */
  readonly progress?: ProgressReport | undefined;
}

/**
 * Chain availability, admitted as heavy work: the one function behind `GET /v1/availability/multi`
 * and the MCP tool `search_chain_availability`. Identical searches (from either door) share one
 * answer; a distinct one takes one of the caller's places and a turn at the gate.
 */
export async function searchChainAvailability(services: ApiServices, question: ChainSearchQuestion): Promise<AvailabilityMultiResponse> {
  const { caller, chain, query, language, log, progress } = question;
  const key = JSON.stringify(['multi', language, canonical(query)]);
  let computed = false;
  const answer = await services.heavyWork.chainSearches({ caller, key }, () => {
    computed = true;
    return chainAvailability(services, chain, query, language, log, progress);
  });
  // A caller who asked for progress hears at least that the search is done when another's answer served it.
  if (!computed) progress?.(3, 3, `${answer.hotels.length} properties found by an identical search`);
  return answer;
}

/**
 * A chain's price calendar, admitted as heavy work (a 500-property chain over 366 days holds the
 * instance as long as a chain search): the one function behind `GET /v1/availability/calendar`.
 */
export function searchPriceCalendar(services: ApiServices, question: ChainQuestion<PriceCalendarQuery>): Promise<PriceCalendarResponse> {
  const { caller, chain, query, log } = question;
  const key = JSON.stringify(['calendar', canonical(query)]);
  return services.heavyWork.priceCalendars({ caller, key }, () => priceCalendar(services, chain, query, log));
}

/** A query's set parameters in name order: the same question asked through REST or MCP is one key. */
function canonical(query: object): [string, unknown][] {
  return Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
}
