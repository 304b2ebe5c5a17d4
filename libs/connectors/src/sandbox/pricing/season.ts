import type { Season } from '@hotelapi/domain';
import type { Destination } from '../world/destinations.js';

/** Demand by season: local summer is high season, winter the low one. */
const SEASON_PRICE_FACTOR: Readonly<Record<Season, number>> = { SUMMER: 1.22, SPRING: 1.06, AUTUMN: 1, WINTER: 0.86 };

/** Latitude (degrees) from which seasons swing prices fully; nearer the equator they matter less. */
const FULL_SEASONALITY_LATITUDE = 30;

export function seasonPriceFactor(destination: Destination, season: Season): number {
  const strength = Math.min(1, Math.abs(destination.centre.lat) / FULL_SEASONALITY_LATITUDE);
  return 1 + (SEASON_PRICE_FACTOR[season] - 1) * strength;
}
