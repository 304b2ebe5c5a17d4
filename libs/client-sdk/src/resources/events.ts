import { toSearchParams } from '../http/query.js';
import type { Transport } from '../http/transport.js';
import type { RequestOptions } from '../options.js';
import type { EventsMetadata, EventsParams, FeedEvent } from '../types/generated.js';
import type { EventsResult } from '../types/results.js';

/** Page size `iterate` uses unless told otherwise: the most the API serves in one page. */
const ITERATE_PAGE_SIZE = 500;
/** How long `iterate` with `follow` waits before asking again when it has read everything. */
const FOLLOW_INTERVAL_MS = 5_000;

export interface EventsIterateParams extends Omit<EventsParams, 'limit'> {
  readonly limit?: number;
  /** Keep reading as new events come (polling every `followIntervalMs`) instead of stopping at the newest. */
  readonly follow?: boolean;
  readonly followIntervalMs?: number;
}

/** `GET /v1/events`: the change feed, the same events (and ids) as the webhooks deliver. */
export class EventsResource {
  constructor(private readonly transport: Transport) {}

  /**
   * One page of events the key's grants may read, oldest first, after `after` (a `metadata.nextCursor`);
   * `metadata.hasMore` says whether to ask again at once.
   *
   * @example
   * const { data, metadata } = await client.events.list({ types: ['parity.breach'], property: 'ACME001' });
   */
  list(params: EventsParams = {}, options?: RequestOptions): Promise<EventsResult> {
    return this.transport.getEnvelope<FeedEvent[], Record<string, unknown>, EventsMetadata>('v1/events', toSearchParams(params, { commaSeparated: ['types'] }), options);
  }

  /**
   * Every event after `after`, page by page as the loop asks for them; with `follow`, it then waits for new
   * ones for as long as the loop runs. Stop with `break`; `options.signal` cancels the request or the wait.
   * Keep the last event's cursor to resume: `iterate` yields events, `list` gives the cursors.
   *
   * @example
   * for await (const event of client.events.iterate({ types: ['parity.breach', 'parity.restored'], follow: true })) console.log(event.type, event.data);
   */
  async *iterate(params: EventsIterateParams = {}, options?: RequestOptions): AsyncGenerator<FeedEvent, void, undefined> {
    const { follow = false, followIntervalMs = FOLLOW_INTERVAL_MS, limit = ITERATE_PAGE_SIZE, ...query } = params;
    let after = query.after;
    for (;;) {
      const { data, metadata } = await this.list({ ...query, limit, ...(after === undefined ? {} : { after }) }, options);
      yield* data;
      after = metadata.nextCursor;
      if (metadata.hasMore) continue;
      if (!follow) return;
      await wait(followIntervalMs, options?.signal);
    }
  }
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}
