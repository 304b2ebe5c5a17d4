import type { ExchangeRates } from '@hotelapi/connectors';
import { conversionInto, type Conversion } from '../currency-conversion.js';

/** The conversion from a property's currency into the one a request asked for. */
export type ConversionsInto = (from: string) => Promise<Conversion>;

/**
 * Conversions into `to` for one request, each currency pair asked of the exchange-rate port once
 * however many properties price in it (a chain has hundreds of properties and a handful of
 * currencies). Errors are conversionInto's 400s naming `currency`.
 */
export function conversionsInto(exchangeRates: ExchangeRates, to: string): ConversionsInto {
  const byCurrency = new Map<string, Promise<Conversion>>();
  return (from) => {
    let conversion = byCurrency.get(from);
    if (!conversion) {
      conversion = conversionInto(exchangeRates, from, to);
      byCurrency.set(from, conversion);
    }
    return conversion;
  };
}
