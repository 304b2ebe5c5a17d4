import type { Property } from '@hotelapi/connectors';
import type { GetPropertyInfoData, SupportedLanguage } from '@hotelapi/domain';
import { pickText } from '@hotelapi/i18n';

/**
 * What the catalog knows about one property, texts in the caller's language: the one function
 * behind `GET /v1/properties/{code}`, the MCP `get_property_info` tool and the
 * `hotel://properties/{code}` resource.
 */
export function propertyInfo(property: Property, language: SupportedLanguage): GetPropertyInfoData {
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
