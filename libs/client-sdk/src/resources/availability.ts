import { toSearchParams } from '../http/query.js';
import type { Transport } from '../http/transport.js';
import type { RequestOptions } from '../options.js';
import type { AvailabilityMultiParams, AvailabilityMultiResponse } from '../types/generated.js';
import type { AvailabilityMultiResult } from '../types/results.js';

/** `GET /v1/availability/multi`: lowest rates of every property of a chain. Needs no API key. */
export class AvailabilityResource {
  constructor(private readonly transport: Transport) {}

  /**
   * Availability and lowest rates of a chain's properties for a stay, with facets. The API key is not
   * sent (the chain code resolves the chain); an unknown chain is an `AuthenticationError`.
   *
   * @example
   * const { hotels, metadata } = await client.availability.multi({ chainCode: 'ACME', checkin: '2026-12-10', checkout: '2026-12-13', currency: 'EUR', rating: [4, 5] });
   */
  async multi(params: AvailabilityMultiParams, options: RequestOptions = {}): Promise<AvailabilityMultiResult> {
    const { body, requestId } = await this.transport.getJson('v1/availability/multi', toSearchParams(params), {
      ...options,
      authenticated: false,
    });
    return { ...(body as AvailabilityMultiResponse), requestId };
  }
}
