import { pathSegment, toSearchParams } from '../http/query.js';
import type { Transport } from '../http/transport.js';
import type { RequestOptions } from '../options.js';
import type { LowestMonthlyRatesParams } from '../types/generated.js';
import type { LowestMonthlyRatesResult, PropertyInfoResult, PropertyRoomsResult } from '../types/results.js';

/** `GET /v1/properties/{code}...`: what the catalog knows about one property. */
export class PropertiesResource {
  constructor(private readonly transport: Transport) {}

  /**
   * Name, booking URL, description, chain, destination, location, time zone, currency, rating and web page.
   *
   * @example
   * const { data } = await client.properties.get('ACME001');
   */
  get(code: string, options?: RequestOptions): Promise<PropertyInfoResult> {
    return this.transport.getEnvelope(`v1/properties/${pathSegment(code)}`, new URLSearchParams(), options);
  }

  /**
   * Every room type of the property, sold or not, with translated names.
   *
   * @example
   * const { data: { rooms } } = await client.properties.rooms('ACME001');
   */
  rooms(code: string, options?: RequestOptions): Promise<PropertyRoomsResult> {
    return this.transport.getEnvelope(`v1/properties/${pathSegment(code)}/rooms`, new URLSearchParams(), options);
  }

  /**
   * The cheapest night of each of the coming twelve months, in `currency` (the property's own when omitted).
   *
   * @example
   * const { data } = await client.properties.lowestMonthlyRates('ACME001', { currency: 'USD' });
   */
  lowestMonthlyRates(
    code: string,
    params: LowestMonthlyRatesParams = {},
    options?: RequestOptions,
  ): Promise<LowestMonthlyRatesResult> {
    return this.transport.getEnvelope(`v1/properties/${pathSegment(code)}/lowest-monthly-rates`, toSearchParams(params), options);
  }
}
