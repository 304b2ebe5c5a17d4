import { describe, expect, it } from 'vitest';
import { isSupportedLanguage, negotiateLanguage } from './negotiate.js';

describe('negotiateLanguage from the Accept-Language header', () => {
  it('follows q-values, not the order of the list', () => {
    expect(negotiateLanguage('fr;q=0.5, de;q=0.9')).toBe('de');
    expect(negotiateLanguage('it;q=0.2, es')).toBe('es');
  });

  it('falls back from a region to its base language', () => {
    expect(negotiateLanguage('pt-BR')).toBe('pt');
    expect(negotiateLanguage('de-CH')).toBe('de');
    expect(negotiateLanguage('zh-Hant-TW, it-IT;q=0.1')).toBe('it');
  });

  it('keeps the q-value of the regional range when it falls back', () => {
    expect(negotiateLanguage('pt-BR;q=0.8, en;q=0.9')).toBe('en');
    expect(negotiateLanguage('pt-BR, en;q=0.9')).toBe('pt');
  });

  it('lets an explicit base-language range outweigh its regional variant', () => {
    // negotiator scores an exact match above a regional one, so the client's own low q for `pt`
    // decides: this client ranks English above generic Portuguese.
    expect(negotiateLanguage('pt-BR, pt;q=0.5, en;q=0.8')).toBe('en');
  });

  it('is case-insensitive', () => {
    expect(negotiateLanguage('PT-br')).toBe('pt');
    expect(negotiateLanguage('FR')).toBe('fr');
  });

  it('reads * as English', () => {
    expect(negotiateLanguage('*')).toBe('en');
    expect(negotiateLanguage('xx, *;q=0.5')).toBe('en');
  });

  it('treats q=0 as not acceptable, even when * accepts everything else', () => {
    expect(negotiateLanguage('es;q=0, *')).not.toBe('es');
    expect(negotiateLanguage('es;q=0')).toBe('en');
    expect(negotiateLanguage('en;q=0, *')).toBe('es');
  });

  it('answers English for an absent, empty or unsupported header', () => {
    expect(negotiateLanguage(undefined)).toBe('en');
    expect(negotiateLanguage('')).toBe('en');
    expect(negotiateLanguage('ja, zh;q=0.9, ko;q=0.8')).toBe('en');
  });

  it('answers English for garbage and never throws', () => {
    const garbage = [
      ';q=abc',
      'de;q=abc',
      '@@@;;;,,,',
      '"unterminated',
      'de;q="0.5',
      '\u0000\u00ff\u{1f3e8}',
      ',,,',
      'x'.repeat(10_000),
      'a,'.repeat(5_000),
      'de-CH;q=0.5,'.repeat(1_000),
    ];
    for (const header of garbage) {
      expect(() => negotiateLanguage(header)).not.toThrow();
    }
    expect(negotiateLanguage(';q=abc')).toBe('en');
    expect(negotiateLanguage('@@@;;;,,,')).toBe('en');
    expect(negotiateLanguage('x'.repeat(10_000))).toBe('en');
  });

  it('ignores an entry with an unreadable q-value but keeps the rest', () => {
    expect(negotiateLanguage('de;q=abc, fr;q=0.1')).toBe('fr');
  });

  it('reads the first kilobyte of an oversized header, cut between entries', () => {
    const padding = Array.from({ length: 200 }, () => 'xx-YY;q=0.9').join(', ');
    expect(negotiateLanguage(`it, ${padding}`)).toBe('it');
    expect(negotiateLanguage(`${padding}, it`)).toBe('en');
  });

  it('returns the same answer for a header it has cached', () => {
    const header = 'fr-CA, fr;q=0.9, en;q=0.8';
    expect(negotiateLanguage(header)).toBe('fr');
    expect(negotiateLanguage(header)).toBe('fr');
  });

  it('stays correct once more distinct headers arrive than the cache holds', () => {
    for (let i = 0; i < 1_200; i++) negotiateLanguage(`x${i}, de;q=0.5`);
    expect(negotiateLanguage('fr;q=0.5, de;q=0.9')).toBe('de');
  });
});

describe('negotiateLanguage with an explicit language', () => {
  it('lets a supported explicit language win over the header', () => {
    expect(negotiateLanguage('de', 'fr')).toBe('fr');
    expect(negotiateLanguage(undefined, 'it')).toBe('it');
  });

  it('reduces an explicit regional tag to its base language', () => {
    expect(negotiateLanguage('de', 'pt-BR')).toBe('pt');
    expect(negotiateLanguage('de', 'PT_br')).toBe('pt');
    expect(negotiateLanguage('de', ' ES ')).toBe('es');
  });

  it('falls through to the header when the explicit language is unsupported or empty', () => {
    expect(negotiateLanguage('de', 'ja')).toBe('de');
    expect(negotiateLanguage('fr;q=0.5, it;q=0.9', 'zh-CN')).toBe('it');
    expect(negotiateLanguage('de', '')).toBe('de');
    expect(negotiateLanguage('de', '*')).toBe('de');
    expect(negotiateLanguage(undefined, 'klingon')).toBe('en');
  });
});

describe('isSupportedLanguage', () => {
  it('accepts exactly the six language codes', () => {
    for (const language of ['en', 'es', 'fr', 'de', 'it', 'pt']) expect(isSupportedLanguage(language)).toBe(true);
    for (const other of ['EN', 'pt-BR', 'ja', '', undefined, 42, null]) expect(isSupportedLanguage(other)).toBe(false);
  });
});
