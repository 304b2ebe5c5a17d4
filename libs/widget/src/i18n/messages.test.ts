import { catalogs } from '@hotelapi/i18n';
import { describe, expect, it } from 'vitest';
import { MESSAGES, SUPPORTED_LANGUAGES } from './messages.js';
import { resolveLanguage } from './language.js';

describe('widget texts', () => {
  it('speaks the API languages and names boards exactly as the API does', () => {
    expect([...SUPPORTED_LANGUAGES].sort()).toEqual(Object.keys(catalogs).sort());
    for (const language of SUPPORTED_LANGUAGES) {
      for (const key of ['board.RO', 'board.BB', 'board.HB', 'board.FB', 'board.AI', 'board.SC'] as const) {
        expect(MESSAGES[language][key], `${language} ${key}`).toBe(catalogs[language][key]);
      }
    }
  });

  it('fills every placeholder a text names in English in every language', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    for (const language of SUPPORTED_LANGUAGES) {
      for (const [key, english] of Object.entries(MESSAGES.en)) {
        expect(placeholders(MESSAGES[language][key as keyof typeof MESSAGES.en]), `${language} ${key}`).toEqual(placeholders(english));
      }
    }
  });
});

describe('resolveLanguage', () => {
  it('takes the first supported candidate by its primary subtag, else English', () => {
    expect(resolveLanguage(['fr-CA'])).toBe('fr');
    expect(resolveLanguage([null, 'pt_BR'])).toBe('pt');
    expect(resolveLanguage([undefined, 'ja', 'de-AT', 'es'])).toBe('de');
    expect(resolveLanguage(['', 'nl'])).toBe('en');
  });
});
