/**
 * Units of each currency that one euro buys. SANDBOX FIGURES: rounded mid-market levels of the
 * mid-2020s, frozen so prices never move. They are not market data and must not be used as such.
 * Cross rates go through the euro.
 */
export const EURO_EXCHANGE_RATES: ReadonlyMap<string, number> = new Map(
  Object.entries({
  EUR: 1,
  USD: 1.08,
  GBP: 0.85,
  CHF: 0.95,
  JPY: 162,
  AUD: 1.65,
  CAD: 1.48,
  NZD: 1.8,
  BRL: 5.9,
  MXN: 19.8,
  ARS: 980,
  ZAR: 20.1,
  SEK: 11.4,
  NOK: 11.7,
  DKK: 7.46,
  ISK: 150,
  PLN: 4.3,
  CZK: 25.2,
  HUF: 395,
  RON: 4.97,
  TRY: 36.5,
  ILS: 4.0,
  AED: 3.97,
  SAR: 4.05,
  QAR: 3.93,
  BHD: 0.407,
  KWD: 0.333,
  CNY: 7.8,
  HKD: 8.45,
  SGD: 1.45,
  INR: 90.5,
  THB: 38.2,
  KRW: 1480,
  IDR: 17_300,
  }),
);
