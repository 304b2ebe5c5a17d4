import { pathSegment, toSearchParams } from '../http/query.js';
import type { Transport } from '../http/transport.js';
import type { RequestOptions } from '../options.js';
import type {
  AvailabilityMultiParams,
  AvailabilityMultiResponse,
  AvailabilitySingleParams,
  PriceCalendarParams,
  PriceCalendarResponse,
} from '../types/generated.js';
import type { AvailabilityMultiResult, AvailabilitySingleResult, PriceCalendarResult } from '../types/results.js';

/**
 * `GET /v1/availability/...`: across a chain (`multi`) and the price calendar (`calendar`), both keyless and
 * safe to call from a browser; and every room and rate of one property (`single`), with the API key.
 */
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

  /**
   * The price calendar of a booking widget's date picker: for each arrival date from `from` to `to`, the
   * lowest price of a stay of `nights` nights across the chain (or at `propertyCode`). Keyless, like `multi`.
   *
   * @example
   * const { dates } = await client.availability.calendar({ chainCode: 'ACME', from: '2026-12-01', to: '2026-12-31', currency: 'EUR' });
   */
  async calendar(params: PriceCalendarParams, options: RequestOptions = {}): Promise<PriceCalendarResult> {
    const { body, requestId } = await this.transport.getJson('v1/availability/calendar', toSearchParams(params), {
      ...options,
      authenticated: false,
    });
    return { ...(body as PriceCalendarResponse), requestId };
  }

  /**
   * Every room and rate of one property for a stay, bookable first, with prices in `currency`. Needs the API key.
   *
   * @example
   * const { data } = await client.availability.single('ACME001', { checkIn: '2026-12-10', checkOut: '2026-12-13', adults: 2, currency: 'EUR' });
   */
  single(
    code: string,
    params: AvailabilitySingleParams,
    options?: RequestOptions,
  ): Promise<AvailabilitySingleResult> {
    return this.transport.getEnvelope(`v1/availability/${pathSegment(code)}`, toSearchParams(params), options);
  }
}
