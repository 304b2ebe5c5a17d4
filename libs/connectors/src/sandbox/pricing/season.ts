import type { Season } from '@hotelapi/domain';
import type { Destination } from '../world/destinations.js';

/** Meteorological seasons of the northern hemisphere, by month (index 0 for January). */
const NORTHERN_SEASONS: readonly Season[] = [
  'WINTER', 'WINTER', 'SPRING', 'SPRING', 'SPRING', 'SUMMER', 'SUMMER', 'SUMMER', 'AUTUMN', 'AUTUMN', 'AUTUMN', 'WINTER',
];
const OPPOSITE: Readonly<Record<Season, Season>> = { WINTER: 'SUMMER', SPRING: 'AUTUMN', SUMMER: 'WINTER', AUTUMN: 'SPRING' };

/**
 * The season at a latitude in a month (1..12), flipped in the southern hemisphere. The domain
 * will own this rule; the sandbox keeps its own copy because connectors only depend on the
 * domain's enums, and a sandbox price curve need not follow later refinements of the rule.
 */
export function seasonAt(latitude: number, month: number): Season {
  const northern = NORTHERN_SEASONS[month - 1];
  return latitude < 0 ? OPPOSITE[northern] : northern;
}

/** Demand by season: local summer is high season, winter the low one. */
const SEASON_PRICE_FACTOR: Readonly<Record<Season, number>> = { SUMMER: 1.22, SPRING: 1.06, AUTUMN: 1, WINTER: 0.86 };

/** Latitude (degrees) from which seasons swing prices fully; nearer the equator they matter less. */
const FULL_SEASONALITY_LATITUDE = 30;

export function seasonPriceFactor(destination: Destination, season: Season): number {
  const strength = Math.min(1, Math.abs(destination.centre.lat) / FULL_SEASONALITY_LATITUDE);
  return 1 + (SEASON_PRICE_FACTOR[season] - 1) * strength;
}
