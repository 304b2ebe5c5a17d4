import type { Room } from '@hotelapi/connectors';
import { mcpTools, type PropertyRoom, type SupportedLanguage } from '@hotelapi/domain';
import { pickText, translator } from '@hotelapi/i18n';
import { defineTool } from './tool.js';

/** `get_property_rooms`: every room type of the property, sold or not, in the catalog's order. */
export const getPropertyRooms = defineTool(mcpTools.get_property_rooms, async ({ property, language }) => {
  const rooms = property.rooms.map((room) => propertyRoom(room, language));
  const summary = translator(language).t('mcp.propertyRooms', {
    name: pickText(property.name, language),
    count: rooms.length,
    active: rooms.filter((room) => room.active).length,
  });
  return { data: { rooms }, summary };
});

function propertyRoom(room: Room, language: SupportedLanguage): PropertyRoom {
  const description = pickText(room.description, language);
  return {
    code: room.code,
    name: pickText(room.name, language),
    active: room.active,
    ...(description ? { description } : {}),
  };
}
