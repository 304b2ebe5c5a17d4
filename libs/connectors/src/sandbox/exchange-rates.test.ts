import { describe, expect, it } from 'vitest';
import { createSandboxConnectors } from './create-sandbox-connectors.js';
import { DESTINATIONS } from './world/destinations.js';
import { EURO_EXCHANGE_RATES } from './world/euro-exchange-rates.js';

const { exchangeRates } = createSandboxConnectors();

describe('sandbox exchange rates', () => {
  it('quote at least 25 common currencies, every destination’s among them', async () => {
    expect(EURO_EXCHANGE_RATES.size).toBeGreaterThanOrEqual(25);
    for (const code of ['EUR', 'USD', 'GBP', 'CHF', 'JPY', 'AUD', 'CAD', 'BRL', 'ZAR', 'SEK', 'NOK', 'DKK', 'PLN', 'BHD', 'KRW']) {
      expect(await exchangeRates.getRate('EUR', code), code).toBeGreaterThan(0);
    }
    for (const destination of Object.values(DESTINATIONS)) {
      expect(await exchangeRates.getRate(destination.currency, 'EUR'), destination.name).toBeGreaterThan(0);
    }
  });

  it('cross through the euro, consistently both ways', async () => {
    const usdToGbp = await exchangeRates.getRate('USD', 'GBP');
    const gbpToUsd = await exchangeRates.getRate('GBP', 'USD');
    expect(usdToGbp).toBeCloseTo((EURO_EXCHANGE_RATES.get('GBP') ?? 0) / (EURO_EXCHANGE_RATES.get('USD') ?? 1), 12);
    expect((usdToGbp ?? 0) * (gbpToUsd ?? 0)).toBeCloseTo(1, 12);
    expect(await exchangeRates.getRate('JPY', 'JPY')).toBe(1);
  });

  it('are undefined for a currency the table does not quote', async () => {
    expect(await exchangeRates.getRate('EUR', 'XXX')).toBeUndefined();
    expect(await exchangeRates.getRate('toString', 'EUR')).toBeUndefined();
    expect(await exchangeRates.getRate('XXX', 'XXX')).toBeUndefined();
  });
});
