import { describe, expect, it } from 'vitest';
import { HotelApiClient } from '../client.js';
import { InvalidRequestError } from '../errors/index.js';
import type { FetchLike } from '../options.js';
import type { FeedEvent } from '../types/generated.js';

const loaded = (sequence: number): FeedEvent => ({
  id: `evt_${String(sequence).padStart(12, '0')}`,
  type: 'data.loaded',
  timestamp: '2026-11-21T10:00:00.000Z',
  data: { chain: 'ACME', property: 'ACME001', sequence, source: 'push', counts: { ari: 1 }, dataVersion: 1 },
});

const page = (events: FeedEvent[], nextCursor: string, hasMore: boolean) =>
  new Response(JSON.stringify({ data: events, summary: {}, metadata: { apiVersion: 'v1', requestId: 'req_1', nextCursor, hasMore }, error: null }), {
    status: 200,
    headers: { 'content-type': 'application/json', 'x-request-id': 'req_1' },
  });

/** A stand-in for the server (not our code): answers in turn, recording the URLs asked. */
function server(...answers: (() => Response)[]) {
  const urls: URL[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    urls.push(new URL(request.url));
    const answer = answers[urls.length - 1] ?? answers.at(-1);
    if (!answer) throw new Error('no answer');
    return answer();
  };
  return { client: new HotelApiClient({ apiKey: 'sk_test_sandbox', baseUrl: 'https://api.test', fetch }), urls };
}

describe('client.events', () => {
  it('lists a page with the filters, types comma-separated, and its cursor', async () => {
    const { client, urls } = server(() => page([loaded(1)], 'c1', false));
    const { data, metadata } = await client.events.list({ types: ['parity.breach', 'parity.restored'], property: 'ACME001', limit: 10 });
    expect(data).toEqual([loaded(1)]);
    expect(metadata).toMatchObject({ nextCursor: 'c1', hasMore: false });
    expect(urls[0]?.pathname).toBe('/v1/events');
    expect(Object.fromEntries(urls[0]?.searchParams ?? [])).toEqual({ types: 'parity.breach,parity.restored', property: 'ACME001', limit: '10' });
  });

  it('iterates page after page from the cursor each gave, and stops at the newest', async () => {
    const { client, urls } = server(
      () => page([loaded(1), loaded(2)], 'c2', true),
      () => page([loaded(3)], 'c3', false),
    );
    const seen: number[] = [];
    for await (const event of client.events.iterate({ after: 'c0', limit: 2 })) seen.push(event.data.sequence);
    expect(seen).toEqual([1, 2, 3]);
    expect(urls.map((url) => url.searchParams.get('after'))).toEqual(['c0', 'c2']);
  });

  it('follows new events as they come, until the loop stops', async () => {
    const { client, urls } = server(
      () => page([loaded(1)], 'c1', false),
      () => page([], 'c1', false),
      () => page([loaded(2)], 'c2', false),
    );
    const seen: number[] = [];
    for await (const event of client.events.iterate({ follow: true, followIntervalMs: 1 })) {
      seen.push(event.data.sequence);
      if (seen.length === 2) break;
    }
    expect(seen).toEqual([1, 2]);
    expect(urls.map((url) => url.searchParams.get('after'))).toEqual([null, 'c1', 'c1']);
  });

  it('throws the API’s refusal of a bad cursor', async () => {
    const { client } = server(
      () =>
        new Response(JSON.stringify({ data: null, summary: {}, metadata: {}, error: { type: 'invalid_request_error', code: 'parameter_invalid', message: 'after is not a cursor this feed gave.', param: 'after', requestId: 'req_2' } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await expect(client.events.list({ after: 'forged' })).rejects.toBeInstanceOf(InvalidRequestError);
  });
});
