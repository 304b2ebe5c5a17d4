import type { Hotel } from '@hotelapi/client';
import { geographicCentre } from '@hotelapi/domain/availability/centre';
import { haversineKm } from '@hotelapi/domain/rules/distance';

/**
 * How far each hotel is from the centre of its own destination, in kilometres: the centre the
 * API's DISTANCE sort uses when the search names that destination, taken here over the hotels
 * the answer lists.
 */
export function distancesFromCentres(hotels: readonly Hotel[]): Map<string, number> {
  const byDestination = new Map<string, Hotel[]>();
  for (const hotel of hotels) byDestination.set(hotel.location.name, [...(byDestination.get(hotel.location.name) ?? []), hotel]);
  const distances = new Map<string, number>();
  for (const group of byDestination.values()) {
    const centre = geographicCentre(group.map((hotel) => hotel.location));
    if (!centre) continue;
    for (const hotel of group) distances.set(hotel.code, haversineKm(centre, hotel.location));
  }
  return distances;
}
