import { mcpTools } from '@hotelapi/domain';
import { pickText, translator } from '@hotelapi/i18n';
import { LOWEST_RATE_MONTHS, lowestMonthlyRates } from '../../services/lowest-monthly-rates.js';
import { defineTool } from './tool.js';

/** `get_property_lowest_monthly_rates`: the cheapest night of each of the next twelve months. */
export const getPropertyLowestMonthlyRates = defineTool(
  mcpTools.get_property_lowest_monthly_rates,
  async ({ services, property, language }) => {
    const data = await lowestMonthlyRates(services, property);
    const t = translator(language);
    const params = { name: pickText(property.name, language), months: LOWEST_RATE_MONTHS };
    const rates = data.lowestMonthlyRates.map((month) => month.rate);
    const summary =
      rates.length > 0
        ? t.t('mcp.lowestMonthlyRates', { ...params, rate: t.money(Math.min(...rates), data.currency) })
        : t.t('mcp.lowestMonthlyRatesNone', params);
    return { data, summary };
  },
);
