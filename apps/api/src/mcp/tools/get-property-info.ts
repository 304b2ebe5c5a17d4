import type { Property } from '@hotelapi/connectors';
import { mcpTools, type GetPropertyInfoData, type SupportedLanguage } from '@hotelapi/domain';
import { pickText, translator } from '@hotelapi/i18n';
import { defineTool } from './tool.js';

/** `get_property_info`: what the catalog knows about one property, texts in the caller's language. */
export const getPropertyInfo = defineTool(mcpTools.get_property_info, async ({ property, language }) => {
  const data = propertyInfo(property, language);
  return { data, summary: translator(language).t('mcp.propertyInfo', { name: data.name, code: data.code, bookurl: data.bookurl }) };
});

function propertyInfo(property: Property, language: SupportedLanguage): GetPropertyInfoData {
  const description = pickText(property.description, language);
  return {
    code: property.code,
    name: pickText(property.name, language),
    bookurl: property.bookingUrl,
    // An untranslated-everywhere description is left out rather than sent as "".
    ...(description ? { description } : {}),
    chainCode: property.chainCode,
    destination: property.destination,
    country: property.countryCode,
    location: { lat: property.location.lat, lon: property.location.lon },
    timeZone: property.timeZone,
    currency: property.currency,
    rating: property.rating,
    url: property.url,
  };
}
