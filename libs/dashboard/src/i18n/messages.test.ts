import { describe, expect, it } from 'vitest';
import { CATALOGS, chooseLanguage, LANGUAGES, translator } from './messages.js';

describe('the dashboard catalog', () => {
  it('has every message in each of the six languages, with the same placeholders', () => {
    const keys = Object.keys(CATALOGS.en).sort();
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const language of LANGUAGES) {
      expect(Object.keys(CATALOGS[language]).sort()).toEqual(keys);
      for (const key of keys) {
        const message = CATALOGS[language][key as keyof typeof CATALOGS.en];
        expect(message.trim(), `${language}.${key}`).not.toBe('');
        expect(placeholders(message), `${language}.${key}`).toEqual(placeholders(CATALOGS.en[key as keyof typeof CATALOGS.en]));
      }
    }
  });

  it('follows ?lang= first, then the browser, then English', () => {
    expect(chooseLanguage('fr', ['de-DE'])).toBe('fr');
    expect(chooseLanguage(null, ['nl-NL', 'pt-BR'])).toBe('pt');
    expect(chooseLanguage('xx', ['nl'])).toBe('en');
  });

  it('fills placeholders', () => {
    expect(translator('de')('signedInAs', { name: 'Ana' })).toBe('Angemeldet als Ana');
  });
});
