import { pathSegment, toSearchParams } from '../http/query.js';
import type { Transport } from '../http/transport.js';
import type { RequestOptions } from '../options.js';
import type { ParityHistoryParams, ParityParams } from '../types/generated.js';
import type { ParityHistoryResult, ParityResult } from '../types/results.js';

/** `GET /v1/parity/{code}...`: our direct price against the channels, judged WIN, MEET or LOSE. */
export class ParityResource {
  constructor(private readonly transport: Transport) {}

  /**
   * For each arrival date from `from` to `to` (at most 90), the direct price and each channel's price of the
   * same room and rate with its status; `summary.channels` sums each channel up.
   *
   * @example
   * const { data, summary } = await client.parity.get('ACME001', { from: '2026-12-01', to: '2026-12-31', tolerance: 2 });
   */
  get(code: string, params: ParityParams, options?: RequestOptions): Promise<ParityResult> {
    return this.transport.getEnvelope(`v1/parity/${pathSegment(code)}`, toSearchParams(params), options);
  }

  /**
   * Every collection of one stay's prices kept (from `since` on), oldest first, each judged.
   *
   * @example
   * const { data } = await client.parity.history('ACME001', { checkIn: '2026-12-10', checkOut: '2026-12-13', since: '2026-11-01' });
   */
  history(
    code: string,
    params: ParityHistoryParams,
    options?: RequestOptions,
  ): Promise<ParityHistoryResult> {
    return this.transport.getEnvelope(`v1/parity/${pathSegment(code)}/history`, toSearchParams(params), options);
  }
}
