import { describe, expect, it } from 'vitest';
import { pickText } from './localized-text.js';

describe('pickText', () => {
  const description = { en: 'Sea view', es: 'Vista al mar', de: 'Meerblick' };

  it('picks the text in the requested language', () => {
    expect(pickText(description, 'es')).toBe('Vista al mar');
    expect(pickText(description, 'de')).toBe('Meerblick');
  });

  it('falls back to English when the language is not translated', () => {
    expect(pickText(description, 'fr')).toBe('Sea view');
  });

  it('treats an empty translation as untranslated', () => {
    expect(pickText({ en: 'Sea view', it: '' }, 'it')).toBe('Sea view');
  });

  it('falls back to the first text present when English is missing too', () => {
    expect(pickText({ nl: 'Zeezicht', es: 'Vista al mar' }, 'fr')).toBe('Zeezicht');
    expect(pickText({ nl: '', es: 'Vista al mar' }, 'fr')).toBe('Vista al mar');
  });

  it('gives an empty string when there is no text at all', () => {
    expect(pickText(undefined, 'en')).toBe('');
    expect(pickText({}, 'en')).toBe('');
  });
});
