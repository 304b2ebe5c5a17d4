import { describe, expect, it } from 'vitest';
import { roundToMinorUnits } from './currency-rounding.js';

describe('roundToMinorUnits', () => {
  it('rounds to each currency’s ISO 4217 minor units', () => {
    expect(roundToMinorUnits(1234.567, 'EUR')).toBe(1234.57);
    expect(roundToMinorUnits(1234.5, 'JPY')).toBe(1235);
    expect(roundToMinorUnits(12.34567, 'BHD')).toBe(12.346);
  });

  it('rounds halves up even when the binary value sits just below', () => {
    expect(roundToMinorUnits(1.005, 'EUR')).toBe(1.01);
    expect(roundToMinorUnits(-1.005, 'EUR')).toBe(-1.01);
  });
});
