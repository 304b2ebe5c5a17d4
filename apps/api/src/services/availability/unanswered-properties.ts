import { UpstreamUnavailableError, type Chain } from '@hotelapi/connectors';
import { upstreamUnavailable } from '../../failures/api-failure.js';

/** When nothing says otherwise (timeouts, failures), how long a widget should wait before asking again. */
const DEFAULT_RETRY_AFTER_MS = 5_000;

/**
 * The properties of one chain answer whose data sources failed or ran out of time: named in the
 * answer (`unavailableProperties`, in the chain's order), or, when not one property answered, a
 * 503 whose Retry-After is the longest an open breaker asked for (else five seconds).
 */
export class UnansweredProperties {
  private readonly codes = new Set<string>();
  private retryAfterMs = 0;

  constructor(private readonly chain: Chain) {}

  add(propertyCode: string, error: unknown): void {
    this.codes.add(propertyCode);
    if (error instanceof UpstreamUnavailableError) this.retryAfterMs = Math.max(this.retryAfterMs, error.retryAfterMs);
  }

  /** Throws the 503 when every one of `asked` properties failed. */
  refuseWhenNoneAnswered(asked: number): void {
    if (asked === 0 || this.codes.size < asked) return;
    throw upstreamUnavailable(
      `No property of chain ${this.chain.code} could be read from its data sources; try again shortly.`,
      this.retryAfterMs || DEFAULT_RETRY_AFTER_MS,
    );
  }

  /** `{ unavailableProperties }` when some property failed, else nothing (the field is then absent). */
  listed(): { unavailableProperties?: string[] } {
    if (this.codes.size === 0) return {};
    return { unavailableProperties: this.chain.propertyCodes.filter((code) => this.codes.has(code)) };
  }
}
