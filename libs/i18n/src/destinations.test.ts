import { SupportedLanguage } from '@hotelapi/domain';
import { describe, expect, it } from 'vitest';
import { destinationName, englishDestinationName } from './destinations.js';

describe('destination names', () => {
  it('name a destination in each of the six languages', () => {
    expect(SupportedLanguage.options.map((language) => destinationName('Lisbon', language))).toEqual(['Lisbon', 'Lisboa', 'Lisbonne', 'Lissabon', 'Lisbona', 'Lisboa']);
    expect(SupportedLanguage.options.map((language) => destinationName('Cape Town', language))).toEqual(['Cape Town', 'Ciudad del Cabo', 'Le Cap', 'Kapstadt', 'Città del Capo', 'Cidade do Cabo']);
  });

  it('keep a name they do not list, and a language that names it as English does', () => {
    expect(destinationName('Faro', 'de')).toBe('Faro');
    expect(destinationName('Springfield', 'fr')).toBe('Springfield');
    expect(destinationName('London', 'de')).toBe('London');
  });

  it('find the English name from any language, ignoring case and accents', () => {
    expect(englishDestinationName('Lisbonne')).toBe('Lisbon');
    expect(englishDestinationName('ZURICH')).toBe('Zurich');
    expect(englishDestinationName('zurich')).toBe('Zurich');
    expect(englishDestinationName('Zürich')).toBe('Zurich');
    expect(englishDestinationName('lisbon')).toBe('Lisbon');
    expect(englishDestinationName('Springfield')).toBeUndefined();
  });
});
