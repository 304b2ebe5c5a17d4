import { pathSegment, toSearchParams } from '../http/query.js';
import type { Transport } from '../http/transport.js';
import type { RequestOptions } from '../options.js';
import type { ShopperData, ShopperMetadata, ShopperParams, ShopperSummary } from '../types/generated.js';
import type { ShopperResult } from '../types/results.js';

/** `GET /v1/shopper/{code}`: our direct price for a stay against the OTA and CRS channels. */
export class ShopperResource {
  constructor(private readonly transport: Transport) {}

  /**
   * Shops one property for a stay: the cheapest rate (or `rateId`'s rooms) with each channel's price,
   * and a parity summary.
   *
   * @example
   * const { data, summary } = await client.shopper.get('ACME001', { checkIn: '2026-12-10', checkOut: '2026-12-13' });
   */
  get(code: string, params: ShopperParams, options?: RequestOptions): Promise<ShopperResult> {
    return this.transport.getEnvelope<ShopperData, ShopperSummary, ShopperMetadata>(
      `v1/shopper/${pathSegment(code)}`,
      toSearchParams(params),
      options,
    );
  }
}
