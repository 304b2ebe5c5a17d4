import { mcpTools } from '@hotelapi/domain';
import { negotiateLanguage, pickText, translator } from '@hotelapi/i18n';
import { availabilityAtProperty } from '../../services/property-availability.js';
import { defineTool } from './tool.js';

/**
 * `get_property_availability_single`: every room and rate of the property for a stay. The `lang`
 * argument, when we translate into it, wins over Accept-Language for the texts and the summary.
 */
export const getPropertyAvailabilitySingle = defineTool(
  mcpTools.get_property_availability_single,
  async ({ services, property, args, acceptLanguage }) => {
    const language = negotiateLanguage(acceptLanguage, args.lang);
    const data = await availabilityAtProperty(services, property, args, language);

    const t = translator(language);
    const params = { name: pickText(property.name, language), checkIn: t.date(data.checkIn), checkOut: t.date(data.checkOut) };
    const available = data.rates.filter((rate) => rate.status === 'AVL').length;
    const summary =
      available > 0
        ? t.t('mcp.availabilitySingle', { ...params, available, total: data.rates.length })
        : t.t('mcp.availabilitySingleNone', params);
    return { data, summary };
  },
);
