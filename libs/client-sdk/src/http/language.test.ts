import { describe, expect, it } from 'vitest';
import { acceptLanguage } from './language.js';

describe('acceptLanguage', () => {
  it('sends a header value as given', () => {
    expect(acceptLanguage('pt-BR, en;q=0.8')).toBe('pt-BR, en;q=0.8');
  });

  it('gives a list of tags falling q-values, in order of preference', () => {
    expect(acceptLanguage(['pt-BR', 'pt', 'en'])).toBe('pt-BR, pt;q=0.9, en;q=0.8');
    expect(acceptLanguage(['fr'])).toBe('fr');
  });

  it('never goes below q=0.1', () => {
    const tags = Array.from({ length: 12 }, (_, index) => `l${index}`);
    expect(acceptLanguage(tags)?.split(', ').at(-1)).toBe('l11;q=0.1');
  });

  it('sends nothing for an empty preference', () => {
    expect(acceptLanguage('')).toBeUndefined();
    expect(acceptLanguage([])).toBeUndefined();
  });
});
