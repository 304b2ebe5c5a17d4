/** Records written as JSON Lines (`application/x-ndjson`): one JSON value per line. */

/** Text is handed to the stream in chunks of about this many characters, not record by record. */
const STREAM_CHUNK_CHARS = 16 * 1024;

/** One record as a line. JSON never holds a raw line break, so a record is always one line. */
export function ndjsonLine(record: unknown): string {
  const json = JSON.stringify(record) as string | undefined;
  if (json === undefined) throw new TypeError(`A record must be a JSON object, not ${typeof record}`);
  return `${json}\n`;
}

/** Records already at hand, as one text. */
export function ndjsonText(records: Iterable<unknown>): string {
  let text = '';
  for (const record of records) text += ndjsonLine(record);
  return text;
}

/**
 * Records as they come from an async source, as a byte stream: the source is read only as fast as the
 * request sends (the stream pulls), so a push of any length holds little in memory. The source's own
 * failure ends the stream and is handed to `onSourceFailure`, so the caller can throw it unchanged
 * rather than as the network failure the aborted upload looks like.
 */
export function ndjsonStream(records: AsyncIterable<unknown>, onSourceFailure: (error: unknown) => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let iterator: AsyncIterator<unknown> | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      iterator ??= records[Symbol.asyncIterator]();
      let text = '';
      try {
        while (text.length < STREAM_CHUNK_CHARS) {
          const next = await iterator.next();
          if (next.done) {
            if (text) controller.enqueue(encoder.encode(text));
            controller.close();
            return;
          }
          text += ndjsonLine(next.value);
        }
      } catch (error) {
        onSourceFailure(error);
        controller.error(error);
        return;
      }
      controller.enqueue(encoder.encode(text));
    },
    async cancel(reason) {
      // The request ended early (an error answer, an abort): let the source release what it holds.
      await iterator?.return?.(reason);
    },
    // Nothing read ahead: the source is first asked when the request starts sending.
  }, { highWaterMark: 0 });
}
