import { describe, expect, it } from 'vitest';
import { countryName, countryNames } from './countries.js';

describe('countryName', () => {
  it('names a country in each supported language', () => {
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName('DE', 'es')).toBe('Alemania');
    expect(countryName('DE', 'it')).toBe('Germania');
    expect(countryName('DE', 'pt')).toBe('Alemanha');
  });

  it('reads codes in any case, and alpha-3 codes', () => {
    expect(countryName('es', 'es')).toBe('España');
    expect(countryName('BRA', 'pt')).toBe('Brasil');
  });

  it('is undefined for a code that names no country', () => {
    expect(countryName('XX', 'en')).toBeUndefined();
    expect(countryName('', 'en')).toBeUndefined();
    expect(countryName('not a code', 'en')).toBeUndefined();
  });
});

describe('countryNames', () => {
  it('maps each known code to its name and leaves unknown codes out', () => {
    expect(countryNames(['FR', 'JP', 'XX'], 'it')).toEqual({ FR: 'Francia', JP: 'Giappone' });
    expect(countryNames(new Set(['GB']), 'en')).toEqual({ GB: 'United Kingdom' });
    expect(countryNames([], 'en')).toEqual({});
  });
});
