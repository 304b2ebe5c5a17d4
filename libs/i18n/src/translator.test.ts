import { describe, expect, it } from 'vitest';
import { translator } from './translator.js';

/** Intl separates amounts and symbols with no-break spaces; compare them as plain spaces. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('translator', () => {
  it('is shared: one translator per language', () => {
    expect(translator('fr')).toBe(translator('fr'));
    expect(translator('fr').language).toBe('fr');
  });

  it('translates a message in its language', () => {
    expect(translator('en').t('board.HB')).toBe('Half board');
    expect(translator('de').t('board.HB')).toBe('Halbpension');
    expect(translator('es').t('status.SOLDOUT')).toBe('Completo');
  });

  it('fills every placeholder from the params', () => {
    const summary = translator('en').t('mcp.shopRate', {
      name: 'Acme Beach Resort',
      checkIn: 'March 1, 2026',
      checkOut: 'March 4, 2026',
      price: '€412.50',
      roomName: 'Deluxe Sea View',
    });
    expect(summary).toBe('The cheapest rate at Acme Beach Resort from March 1, 2026 to March 4, 2026 is €412.50 (Deluxe Sea View).');
  });

  it('leaves a placeholder visible when its param is missing', () => {
    expect(translator('en').t('mcp.propertyRooms', { name: 'Acme Tower', count: 5 })).toBe(
      'Acme Tower has 5 room types; {active} can be booked.',
    );
    expect(translator('en').t('cancellation.FREE_UNTIL')).toBe('Free cancellation until {days} days before arrival.');
  });

  it('does not take placeholder values from the object prototype', () => {
    expect(translator('en').t('mcp.propertyReviewsNone', {})).toBe('{name} has no reviews yet.');
    expect(translator('en').t('mcp.propertyInfo', { name: 'Acme', code: 'constructor', bookurl: 'https://acme.test' })).toBe(
      'Acme (constructor). Book at https://acme.test',
    );
  });

  it('writes numeric params the way the language writes numbers', () => {
    const params = { name: 'Acme', score: 8.5, reviews: 1234, page: 1, totalPages: 62 };
    expect(translator('en').t('mcp.propertyReviews', params)).toBe(
      'Acme scores 8.5 out of 10 from 1,234 reviews. Showing page 1 of 62.',
    );
    expect(translator('de').t('mcp.propertyReviews', params)).toBe(
      'Acme erreicht 8,5 von 10 Punkten aus 1.234 Bewertungen. Seite 1 von 62.',
    );
  });

  it('translates a key built at run time, or says there is none', () => {
    const code = 'WELCOME_DRINK';
    expect(translator('it').tOptional(`extra.${code}`)).toBe('Drink di benvenuto');
    expect(translator('it').tOptional('extra.HELICOPTER')).toBeUndefined();
    expect(translator('fr').tOptional('cancellation.FREE_UNTIL', { days: 3 })).toBe(
      'Annulation gratuite jusqu’à 3 jours avant l’arrivée.',
    );
  });
});

describe('translator money', () => {
  it('writes euros the German and the English way', () => {
    expect(plain(translator('de').money(1234.5, 'EUR'))).toBe('1.234,50 €');
    expect(translator('en').money(1234.5, 'EUR')).toBe('€1,234.50');
  });

  it('uses the currency’s own minor units', () => {
    expect(translator('en').money(12345.6, 'JPY')).toBe('¥12,346');
    expect(translator('en').money(99, 'EUR')).toBe('€99.00');
  });

  it('accepts a lower-case currency code', () => {
    expect(translator('en').money(10, 'usd')).toBe('$10.00');
  });

  it('rejects a currency that is not an ISO 4217 code', () => {
    expect(() => translator('en').money(10, 'EURO')).toThrow(RangeError);
  });
});

describe('translator number', () => {
  it('groups digits and rounds to the fraction digits asked for', () => {
    expect(translator('en').number(1234.5678)).toBe('1,234.568');
    expect(translator('en').number(1234.5678, 1)).toBe('1,234.6');
    expect(plain(translator('fr').number(1234.5678, 0))).toBe('1 235');
    expect(translator('de').number(8.25, 2)).toBe('8,25');
  });
});

describe('translator date', () => {
  it('writes a calendar date out in the language', () => {
    expect(translator('en').date('2026-03-01')).toBe('March 1, 2026');
    expect(translator('de').date('2026-03-01')).toBe('1. März 2026');
    expect(translator('es').date('2026-12-31')).toBe('31 de diciembre de 2026');
  });

  it('returns anything that is not a real calendar date unchanged', () => {
    expect(translator('en').date('2026-02-30')).toBe('2026-02-30');
    expect(translator('en').date('tomorrow')).toBe('tomorrow');
    expect(translator('en').date('2026-3-1')).toBe('2026-3-1');
  });
});
