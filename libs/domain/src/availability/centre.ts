import type { LatLon } from '../rules/distance.js';
import { searchableText } from './search-text.js';

const RADIANS_PER_DEGREE = Math.PI / 180;

/**
 * The geographic centre of some points: the mean of their positions as unit vectors, projected
 * back onto the sphere. Averaging degrees instead would put the centre of two hotels either side of
 * the antimeridian (179.9 and -179.9) near Greenwich. Undefined for no points, or for points
 * that cancel out (two antipodes), where no centre is meaningful.
 */
export function geographicCentre(points: readonly LatLon[]): LatLon | undefined {
  let x = 0;
  let y = 0;
  let z = 0;
  for (const { lat, lon } of points) {
    const latRad = lat * RADIANS_PER_DEGREE;
    const lonRad = lon * RADIANS_PER_DEGREE;
    x += Math.cos(latRad) * Math.cos(lonRad);
    y += Math.cos(latRad) * Math.sin(lonRad);
    z += Math.sin(latRad);
  }
  const horizontal = Math.hypot(x, y);
  if (points.length === 0 || Math.hypot(horizontal, z) < 1e-9 * points.length) return undefined;
  return { lat: Math.atan2(z, horizontal) / RADIANS_PER_DEGREE, lon: Math.atan2(y, x) / RADIANS_PER_DEGREE };
}

/** A property as far as the centre of its destination is concerned. */
export interface PlacedProperty {
  readonly destination: string;
  readonly location: LatLon;
}

/**
 * The centre of a destination, which DISTANCE sorting measures from when a search names one: the
 * geographic centre of the chain's properties there, all of them, bookable or not, so the centre
 * does not move with availability. The name matches as the destination filter does (case and
 * accents aside). Undefined when the chain has no property there.
 */
export function destinationCentre(properties: readonly PlacedProperty[], destination: string): LatLon | undefined {
  const wanted = searchableText(destination);
  const there = properties.filter((property) => searchableText(property.destination) === wanted);
  return geographicCentre(there.map((property) => property.location));
}
