import type { ExchangeRates } from '../ports/exchange-rates.js';
import { EURO_EXCHANGE_RATES } from './world/euro-exchange-rates.js';

/** The exchange-rate port over the sandbox's frozen euro table (sandbox figures, not market data). */
export class SandboxExchangeRates implements ExchangeRates {
  async getRate(from: string, to: string): Promise<number | undefined> {
    const fromPerEuro = EURO_EXCHANGE_RATES.get(from);
    const toPerEuro = EURO_EXCHANGE_RATES.get(to);
    if (fromPerEuro === undefined || toPerEuro === undefined) return undefined;
    return from === to ? 1 : toPerEuro / fromPerEuro;
  }
}
