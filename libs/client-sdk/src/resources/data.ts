import { ndjsonStream, ndjsonText } from '../http/ndjson.js';
import { pushRetryOptions } from '../http/retry.js';
import type { Transport } from '../http/transport.js';
import type { PushOptions } from '../options.js';
import type { DataPushMetadata, DataPushReceipt, DataRecord } from '../types/generated.js';
import type { DataPushResult, NoSummary } from '../types/results.js';

/** What `client.data.push` takes: records at hand (sent as one text), or from an async source (streamed). */
export type DataRecords = Iterable<DataRecord> | AsyncIterable<DataRecord>;

const PATH = 'v1/data';

/** `POST /v1/data`: a chain's records (rates, availability, channel prices, ...) pushed into the service. */
export class DataResource {
  constructor(private readonly transport: Transport) {}

  /**
   * Pushes records of the data format as JSON Lines: all of them are applied, or none (a bad one is an
   * `InvalidRequestError` whose `param` names its line and field). An array or other iterable is sent as
   * one text and retried like a GET (and on a 409 `write_conflict`), always under an `Idempotency-Key` (yours,
   * else one the client makes up), so a retry replays rather than writes twice. An async iterable is streamed
   * as it yields and never retried, since it cannot be sent again.
   *
   * @example
   * const { data, durable } = await client.data.push([{ type: 'ari', property: 'ACME001', room: 'DBL', date: '2026-12-10', priceFactor: 1, roomsLeft: 0, stopSell: [] }]);
   */
  async push(records: DataRecords, { idempotencyKey, ...options }: PushOptions = {}): Promise<DataPushResult> {
    let sourceFailure: { readonly error: unknown } | undefined;
    let body: string | ReadableStream<Uint8Array>;
    let key = idempotencyKey;
    let retry;
    if (isAsyncIterable(records)) {
      body = ndjsonStream(records, (error) => (sourceFailure = { error }));
    } else if (isIterable(records)) {
      body = ndjsonText(records);
      const retries = this.transport.retriesFor(options);
      if (retries > 0) {
        key ??= newIdempotencyKey();
        retry = pushRetryOptions(retries);
      }
    } else {
      throw new TypeError('records must be an array, an iterable or an async iterable of data records');
    }
    try {
      const answer = await this.transport.postJson(PATH, {
        ...options,
        body,
        contentType: 'application/x-ndjson',
        headers: key === undefined ? {} : { 'idempotency-key': key },
        retry,
      });
      const result = this.transport.envelopeOf<DataPushReceipt, NoSummary, DataPushMetadata>('POST', PATH, answer);
      const replayed = answer.headers.get('idempotent-replayed') === 'true' || result.metadata.replayed === true;
      return { ...result, durable: result.metadata.durable, replayed, idempotencyKey: key };
    } catch (error) {
      // The records' own source failed: its error, not the aborted upload it caused.
      if (sourceFailure) throw sourceFailure.error;
      throw error;
    }
  }
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof (value as { [Symbol.asyncIterator]?: unknown } | null)?.[Symbol.asyncIterator] === 'function';
}

function isIterable(value: unknown): value is Iterable<unknown> {
  return typeof value !== 'string' && typeof (value as { [Symbol.iterator]?: unknown } | null)?.[Symbol.iterator] === 'function';
}

/** A key for a push the caller sent without one, so that its retries are replayed, not written twice. */
function newIdempotencyKey(): string {
  return `sdk-${globalThis.crypto.randomUUID()}`;
}
