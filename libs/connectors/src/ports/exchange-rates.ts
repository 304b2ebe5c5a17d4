/** Port: currency conversion rates. */
export interface ExchangeRates {
  /** How many units of `to` one unit of `from` buys; undefined when the pair is not quoted. */
  getRate(from: string, to: string): Promise<number | undefined>;
}
