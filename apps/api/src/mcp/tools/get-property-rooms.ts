import { mcpTools } from '@hotelapi/domain';
import { pickText, translator } from '@hotelapi/i18n';
import { propertyRooms } from '../../services/property-rooms.js';
import { defineTool } from './tool.js';

/** `get_property_rooms`: every room type of the property, sold or not, in the catalog's order. */
export const getPropertyRooms = defineTool(mcpTools.get_property_rooms, async ({ property, language }) => {
  const data = propertyRooms(property, language);
  const summary = translator(language).t('mcp.propertyRooms', {
    name: pickText(property.name, language),
    count: data.rooms.length,
    active: data.rooms.filter((room) => room.active).length,
  });
  return { data, summary };
});
