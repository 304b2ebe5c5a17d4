import { mcpChainTools, type AvailabilityMultiQuery } from '@hotelapi/domain';
import { negotiateLanguage, translator } from '@hotelapi/i18n';
import { chainAvailability } from '../../services/availability.js';
import { defineChainTool } from './chain-tool.js';

/**
 * `search_chain_availability`: `GET /v1/availability/multi` for an agent, through the same
 * function (`chainAvailability`), so filters, facets, sorting and prices are the endpoint's own.
 * The `lang` argument wins over Accept-Language, as the endpoint's `lang` does.
 */
export const searchChainAvailability = defineChainTool(mcpChainTools.search_chain_availability, async ({ services, chain, args, caller, progress }) => {
  const { checkIn, checkOut, ...rest } = args;
  const language = negotiateLanguage(caller.acceptLanguage, args.lang);
  const query: AvailabilityMultiQuery = { ...rest, checkin: checkIn, checkout: checkOut, device: 'DESKTOP' };
  const data = await chainAvailability(services, chain, query, language, caller.log, progress);

  const t = translator(language);
  const params = { chain: chain.name, checkIn: t.date(checkIn), checkOut: t.date(checkOut) };
  const cheapest = [...data.hotels].sort((a, b) => a.minprice - b.minprice)[0];
  const summary = cheapest
    ? t.t('mcp.chainSearch', { ...params, count: data.hotels.length, name: cheapest.name, price: t.money(cheapest.minprice, data.currency) })
    : t.t('mcp.chainSearchNone', params);
  return { data, summary };
});
