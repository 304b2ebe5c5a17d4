import { mcpTools } from '@hotelapi/domain';
import { translator } from '@hotelapi/i18n';
import { propertyInfo } from '../../services/property-info.js';
import { defineTool } from './tool.js';

/** `get_property_info`: what the catalog knows about one property, texts in the caller's language. */
export const getPropertyInfo = defineTool(mcpTools.get_property_info, async ({ property, language }) => {
  const data = propertyInfo(property, language);
  return { data, summary: translator(language).t('mcp.propertyInfo', { name: data.name, code: data.code, bookurl: data.bookurl }) };
});
