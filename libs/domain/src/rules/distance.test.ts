import { describe, expect, it } from 'vitest';
import { haversineKm } from './distance.js';

const LISBON = { lat: 38.7223, lon: -9.1393 };
const MADRID = { lat: 40.4168, lon: -3.7038 };
const LONDON = { lat: 51.5074, lon: -0.1278 };
const PARIS = { lat: 48.8566, lon: 2.3522 };
const SYDNEY = { lat: -33.8688, lon: 151.2093 };
const SUVA = { lat: -18.1416, lon: 178.4419 }; // Fiji, west of the antimeridian
const APIA = { lat: -13.8333, lon: -171.7667 }; // Samoa, east of it

describe('haversineKm', () => {
  it('measures known city distances', () => {
    expect(haversineKm(LISBON, MADRID)).toBeCloseTo(503, -1);
    expect(haversineKm(LONDON, PARIS)).toBeCloseTo(344, -1);
    expect(haversineKm(LONDON, SYDNEY)).toBeCloseTo(16_994, -2);
  });

  it('takes the short way across the antimeridian', () => {
    // About 1,150 km between Fiji and Samoa, not the 39,000 km of a naive longitude difference.
    const distance = haversineKm(SUVA, APIA);
    expect(distance).toBeGreaterThan(1_100);
    expect(distance).toBeLessThan(1_200);
    expect(haversineKm({ lat: 0, lon: 179.5 }, { lat: 0, lon: -179.5 })).toBeCloseTo(111.2, 1);
  });

  it('is zero for the same point and symmetric', () => {
    expect(haversineKm(LISBON, LISBON)).toBe(0);
    expect(haversineKm(MADRID, LISBON)).toBe(haversineKm(LISBON, MADRID));
  });

  it('stays finite for antipodal points: half the circumference', () => {
    expect(haversineKm({ lat: 0, lon: 0 }, { lat: 0, lon: 180 })).toBeCloseTo(Math.PI * 6371.0088, 6);
    expect(haversineKm({ lat: 90, lon: 0 }, { lat: -90, lon: 0 })).toBeCloseTo(Math.PI * 6371.0088, 6);
  });

  it('keeps metre-scale distances between neighbouring hotels', () => {
    // 0.0001 degrees of latitude is about 11 metres.
    expect(haversineKm(LISBON, { lat: LISBON.lat + 0.0001, lon: LISBON.lon })).toBeCloseTo(0.0111, 4);
  });
});
