import { SupportedLanguage } from '@hotelapi/domain';
import { describe, expect, it } from 'vitest';
import { en, type MessageKey } from './en.js';
import { catalogs, hasMessage } from './index.js';

const englishKeys = (Object.keys(en) as MessageKey[]).sort();
const placeholdersOf = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map(([, name]) => name).sort();

describe.each(SupportedLanguage.options)('the %s catalog', (language) => {
  const catalog = catalogs[language];

  it('has exactly the English keys', () => {
    expect(Object.keys(catalog).sort()).toEqual(englishKeys);
  });

  it('has no empty or untrimmed messages', () => {
    for (const [key, message] of Object.entries(catalog)) {
      expect(message.trim(), key).not.toBe('');
      expect(message, key).toBe(message.trim());
    }
  });

  it('uses the same placeholders as English in every message', () => {
    for (const key of englishKeys) {
      expect(placeholdersOf(catalog[key]), key).toEqual(placeholdersOf(en[key]));
    }
  });
});

describe('translations', () => {
  it('are translated, not copied from English, where the languages differ', () => {
    for (const language of ['es', 'fr', 'de', 'it', 'pt'] as const) {
      expect(catalogs[language]['board.BB']).not.toBe(en['board.BB']);
      expect(catalogs[language]['mcp.shopRate']).not.toBe(en['mcp.shopRate']);
    }
  });
});

describe('hasMessage', () => {
  it('knows the catalog keys, including ones built at run time', () => {
    const extra = 'SPA_ACCESS';
    expect(hasMessage(`extra.${extra}`)).toBe(true);
    expect(hasMessage('board.HB')).toBe(true);
  });

  it('rejects unknown keys and inherited object properties', () => {
    expect(hasMessage('extra.JACUZZI')).toBe(false);
    expect(hasMessage('toString')).toBe(false);
    expect(hasMessage('__proto__')).toBe(false);
  });
});
