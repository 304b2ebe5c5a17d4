/** A point on Earth in decimal degrees (WGS 84), as properties and chain centres carry it. */
export interface LatLon {
  readonly lat: number;
  readonly lon: number;
}

/**
 * The IUGG mean Earth radius, R1 = (2a + b) / 3. A sphere cannot match the ellipsoid
 * everywhere; the mean radius keeps the error under about 0.5 %, far finer than sorting hotels
 * by distance needs.
 */
const EARTH_MEAN_RADIUS_KM = 6371.0088;

const RADIANS_PER_DEGREE = Math.PI / 180;

/**
 * Great-circle distance in kilometres by the haversine formula, which stays accurate for points
 * a few metres apart (where the spherical law of cosines loses its digits) and across the
 * antimeridian (longitudes wrap through the sine).
 */
export function haversineKm(a: LatLon, b: LatLon): number {
  const sinHalfDeltaLat = Math.sin(((b.lat - a.lat) * RADIANS_PER_DEGREE) / 2);
  const sinHalfDeltaLon = Math.sin(((b.lon - a.lon) * RADIANS_PER_DEGREE) / 2);
  const h =
    sinHalfDeltaLat * sinHalfDeltaLat +
    Math.cos(a.lat * RADIANS_PER_DEGREE) * Math.cos(b.lat * RADIANS_PER_DEGREE) * sinHalfDeltaLon * sinHalfDeltaLon;
  // Rounding can push h a hair above 1 for antipodal points, where asin would return NaN.
  return 2 * EARTH_MEAN_RADIUS_KM * Math.asin(Math.sqrt(Math.min(1, h)));
}
