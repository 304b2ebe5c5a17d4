import { describe, expect, it } from 'vitest';
import { convertAmount, currencySymbol, isKnownCurrency, minorUnits, roundToMinorUnits } from './currency.js';

describe('isKnownCurrency', () => {
  it('knows ISO 4217 codes as the standard writes them', () => {
    expect(isKnownCurrency('EUR')).toBe(true);
    expect(isKnownCurrency('JPY')).toBe(true);
    expect(isKnownCurrency('BHD')).toBe(true);
  });

  it('rejects made-up, lower-case, over-long and empty codes', () => {
    expect(isKnownCurrency('ABC')).toBe(false);
    expect(isKnownCurrency('eur')).toBe(false);
    expect(isKnownCurrency('EURO')).toBe(false);
    expect(isKnownCurrency('')).toBe(false);
  });
});

describe('minorUnits', () => {
  it('follows ISO 4217, not the display conventions of Intl', () => {
    expect(minorUnits('JPY')).toBe(0);
    expect(minorUnits('EUR')).toBe(2);
    expect(minorUnits('USD')).toBe(2);
    expect(minorUnits('BHD')).toBe(3);
    expect(minorUnits('KWD')).toBe(3);
    expect(minorUnits('CLF')).toBe(4);
    // Intl shows these without decimals; ISO gives them 2 and 3.
    expect(minorUnits('HUF')).toBe(2);
    expect(minorUnits('IQD')).toBe(3);
  });

  it('throws a clear error for an unknown code', () => {
    expect(() => minorUnits('XYZ')).toThrow(RangeError);
    expect(() => minorUnits('XYZ')).toThrow('Unknown currency code "XYZ"');
  });
});

describe('roundToMinorUnits', () => {
  it('avoids the binary float traps of two-decimal currencies', () => {
    expect(roundToMinorUnits(1.005, 'EUR')).toBe(1.01);
    expect(roundToMinorUnits(2.675, 'EUR')).toBe(2.68);
    expect(roundToMinorUnits(1.004, 'EUR')).toBe(1);
  });

  it('rounds yen to whole units, half away from zero', () => {
    expect(roundToMinorUnits(1234.5, 'JPY')).toBe(1235);
    expect(roundToMinorUnits(1234.49, 'JPY')).toBe(1234);
    expect(roundToMinorUnits(-1234.5, 'JPY')).toBe(-1235);
  });

  it('rounds Bahraini dinars to three places', () => {
    expect(roundToMinorUnits(1.0005, 'BHD')).toBe(1.001);
    expect(roundToMinorUnits(12.3454, 'BHD')).toBe(12.345);
    expect(roundToMinorUnits(-1.0005, 'BHD')).toBe(-1.001);
  });

  it('rounds negative amounts (refunds, discounts) away from zero', () => {
    expect(roundToMinorUnits(-2.675, 'EUR')).toBe(-2.68);
    expect(roundToMinorUnits(-0.005, 'EUR')).toBe(-0.01);
    expect(Object.is(roundToMinorUnits(-0.004, 'EUR'), 0)).toBe(true);
  });

  it('refuses to round in an unknown currency', () => {
    expect(() => roundToMinorUnits(1, 'XYZ')).toThrow(RangeError);
  });
});

describe('convertAmount', () => {
  it('multiplies by the rate and rounds to the target currency', () => {
    expect(convertAmount(100, 1.0823, 'USD')).toBe(108.23);
    expect(convertAmount(100, 162.456, 'JPY')).toBe(16246);
    expect(convertAmount(100, 0.41234, 'BHD')).toBe(41.234);
    expect(convertAmount(-100, 1.0823, 'USD')).toBe(-108.23);
  });

  it('rounds the decimal product, not its noisy binary result', () => {
    // 0.75 * 0.7 is 0.525, stored as 0.5249999999999999.
    expect(convertAmount(0.75, 0.7, 'EUR')).toBe(0.53);
    expect(convertAmount(0.35, 0.7, 'EUR')).toBe(0.25);
  });

  it('refuses an unknown target currency', () => {
    expect(() => convertAmount(100, 1, 'XYZ')).toThrow('Unknown currency code "XYZ"');
  });
});

describe('currencySymbol', () => {
  it('gives the narrow symbol prices are shown with', () => {
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('GBP')).toBe('£');
    expect(currencySymbol('JPY')).toBe('¥');
    expect(currencySymbol('BRL')).toBe('R$');
  });

  it('falls back to the code where a currency has no symbol', () => {
    expect(currencySymbol('CHF')).toBe('CHF');
    expect(currencySymbol('BHD')).toBe('BHD');
  });

  it('honours the locale and answers the same on repeated calls', () => {
    expect(currencySymbol('JPY', 'ja')).toBe('￥');
    expect(currencySymbol('JPY', 'en')).toBe('¥');
    expect(currencySymbol('EUR', 'de')).toBe('€');
    expect(currencySymbol('EUR', 'de')).toBe('€');
  });

  it('refuses an unknown code instead of echoing it as a symbol', () => {
    expect(() => currencySymbol('XYZ')).toThrow(RangeError);
  });
});
