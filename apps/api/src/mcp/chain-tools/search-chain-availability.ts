import { mcpChainTools, type AvailabilityMultiQuery } from '@hotelapi/domain';
import { negotiateLanguage, translator } from '@hotelapi/i18n';
import { searchChainAvailability as searchChain } from '../../services/chain-search.js';
import { destinationAsked, shownAnswer } from '../../routes/chain-answer-shown.js';
import { defineChainTool } from './chain-tool.js';
import { nextCursor, offsetOf } from './page-cursor.js';

/**
 * `search_chain_availability`: `GET /v1/availability/multi` for an agent, through the same
 * service (`searchChainAvailability`), so filters, facets, sorting, prices and admission are the endpoint's own.
 * The `lang` argument wins over Accept-Language, as the endpoint's `lang` does.
 */
export const searchChainAvailability = defineChainTool(mcpChainTools.search_chain_availability, async ({ services, chain, args, caller, progress }) => {
  const { checkIn, checkOut, limit, cursor, ...rest } = args;
  const language = negotiateLanguage(caller.acceptLanguage, args.lang);
  // Destinations named and photos placed as the REST answer shows them to this caller.
  const shown = shownAnswer(language, caller.origin);
  const destination = rest.destination === undefined ? {} : { destination: destinationAsked(rest.destination) };
  const query: AvailabilityMultiQuery = { ...rest, ...destination, checkin: checkIn, checkout: checkOut, device: 'DESKTOP' };
  const search = { ...query, language };
  const offset = offsetOf(search, cursor);
  // Each call is admitted on its own, in the key's heavy-work places, as the REST search is; the
  // pages of one search share its answer while it is kept.
  const answer = shown.shown(await searchChain(services, { caller: `key:${caller.principal.keyId}`, chain, query, language, log: caller.log, progress }));
  const hotels = answer.hotels.slice(offset, offset + limit);
  const next = offset + limit < answer.hotels.length ? nextCursor(search, offset + limit) : null;
  const data = { ...answer, hotels, totalFound: answer.hotels.length, nextCursor: next };

  const t = translator(language);
  const params = { chain: chain.name, checkIn: t.date(checkIn), checkOut: t.date(checkOut) };
  const cheapest = [...answer.hotels].sort((a, b) => a.minprice - b.minprice)[0];
  const summary = cheapest
    ? t.t('mcp.chainSearch', { ...params, count: answer.hotels.length, name: cheapest.name, price: t.money(cheapest.minprice, answer.currency) })
    : t.t('mcp.chainSearchNone', params);
  return { data, summary };
});
