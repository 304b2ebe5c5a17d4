import type { ExchangeRates } from '@hotelapi/connectors';
import { convertAmount, isKnownCurrency } from '@hotelapi/domain';
import { ApiFailure } from '../failures/api-failure.js';

/** Converts amounts from one currency into the requested one, rounded to its ISO 4217 minor units. */
export type Conversion = (amount: number) => number;

/**
 * A conversion into `to`, or a 400 naming `param` when `to` is not an ISO 4217 code or is not
 * quoted against `from`. Asked once per request, used per price.
 */
export async function conversionInto(
  exchangeRates: ExchangeRates,
  from: string,
  to: string,
  param = 'currency',
): Promise<Conversion> {
  if (!isKnownCurrency(to)) throw new ApiFailure('currency_unknown', `${to} is not an ISO 4217 currency code.`, { param });
  const rate = from === to ? 1 : await exchangeRates.getRate(from, to);
  if (rate === undefined) throw new ApiFailure('currency_not_supported', `Prices cannot be converted into ${to}.`, { param });
  return (amount) => convertAmount(amount, rate, to);
}
