import type { Property, Room } from '@hotelapi/connectors';
import type { GetPropertyRoomsData, PropertyRoom, SupportedLanguage } from '@hotelapi/domain';
import { pickText } from '@hotelapi/i18n';

/**
 * Every room type of the property, sold or not, in the catalog's order: the one function behind
 * `GET /v1/properties/{code}/rooms` and the MCP `get_property_rooms` tool.
 */
export function propertyRooms(property: Property, language: SupportedLanguage): GetPropertyRoomsData {
  return { rooms: property.rooms.map((room) => propertyRoom(room, language)) };
}

function propertyRoom(room: Room, language: SupportedLanguage): PropertyRoom {
  const description = pickText(room.description, language);
  return {
    code: room.code,
    name: pickText(room.name, language),
    active: room.active,
    ...(description ? { description } : {}),
  };
}
