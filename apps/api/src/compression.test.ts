import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AUTH, startApi, type RunningApi } from './test-support/start-api.js';
import { WIDGET_SCRIPT_PATH } from './routes/widget-assets.js';
import { COMPRESSION_THRESHOLD_BYTES } from './http/plugins/compression.js';

const MEGA = '/v1/availability/multi?chainCode=MEGA&checkin=2026-12-10&checkout=2026-12-13&currency=USD';
const MCP_HEADERS = { ...SANDBOX_AUTH, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const megaSearch = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'search_chain_availability', arguments: { chainCode: 'MEGA', checkIn: '2026-12-10', checkOut: '2026-12-13', currency: 'USD' } },
});

const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

describe('compression by Accept-Encoding', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api?.close());

  /** The raw bytes and headers of one answer (the test client's own helper reads text). */
  async function raw(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string) {
    const response = await request(`${api.url}${path}`, { method, headers, body, dispatcher: api.dispatcher });
    return { status: response.statusCode, headers: response.headers, bytes: Buffer.from(await response.body.arrayBuffer()) };
  }

  it.each(['br', 'gzip'] as const)('sends a MEGA chain answer %s-encoded when asked, the same JSON once decoded', async (coding) => {
    const plain = await raw('GET', MEGA, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const encoded = await raw('GET', MEGA, { 'accept-encoding': `${coding}` });
    expect(encoded.status).toBe(200);
    expect(encoded.headers['content-encoding']).toBe(coding);
    expect(encoded.headers.vary).toMatch(/accept-encoding/i);
    expect(encoded.bytes.length).toBeLessThan(plain.bytes.length / 5);
    expect(JSON.parse(decode[coding](encoded.bytes).toString())).toEqual(JSON.parse(plain.bytes.toString()));
  });

  it('prefers Brotli when both are accepted, and keeps a small answer as it is', async () => {
    expect((await raw('GET', MEGA, { 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding']).toBe('br');
    const small = await raw('GET', '/v1/properties/ACME001', { ...SANDBOX_AUTH, 'accept-encoding': 'gzip, br' });
    expect(small.status).toBe(200);
    expect(small.bytes.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.bytes.toString()).data.code).toBe('ACME001');
  });

  it('compresses a big MCP answer sent through the reply, and leaves a batch the transport writes plain', async () => {
    const single = await raw('POST', '/mcp', { ...MCP_HEADERS, 'accept-encoding': 'gzip' }, JSON.stringify(megaSearch(1)));
    expect(single.status).toBe(200);
    expect(single.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(single.bytes).toString()).result.isError).toBe(false);

    // A batch goes through the SDK's transport on a hijacked reply: no hook sees it.
    const batch = await raw('POST', '/mcp', { ...MCP_HEADERS, 'accept-encoding': 'gzip, br' }, JSON.stringify([megaSearch(1), megaSearch(2)]));
    expect(batch.status).toBe(200);
    expect(batch.headers['content-encoding']).toBeUndefined();
    const answers = JSON.parse(batch.bytes.toString()) as { id: number; result: { isError: boolean } }[];
    expect(answers.map((answer) => [answer.id, answer.result.isError])).toEqual([
      [1, false],
      [2, false],
    ]);
  });

  describe('the widget script, precompressed at build', () => {
    const built = createRequire(import.meta.url).resolve('@hotelapi/widget/hotel-search.js');
    const script = readFileSync(built);

    it.each([
      ['br', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
      ['gzip, deflate, br, zstd', 'br', '.br'],
    ] as const)('answers Accept-Encoding: %s with the built %s file', async (accepted, coding, extension) => {
      const answer = await raw('GET', WIDGET_SCRIPT_PATH, { 'accept-encoding': accepted });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(coding);
      expect(answer.headers.vary).toBe('accept-encoding');
      expect(answer.bytes.equals(readFileSync(`${built}${extension}`))).toBe(true);
      expect(decode[coding](answer.bytes).equals(script)).toBe(true);
    });

    it('sends the script itself to a client that accepts no coding we have, each with its own ETag', async () => {
      const plain = await raw('GET', WIDGET_SCRIPT_PATH, { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('accept-encoding');
      expect(plain.bytes.equals(script)).toBe(true);

      const brotli = await raw('GET', WIDGET_SCRIPT_PATH, { 'accept-encoding': 'br' });
      expect(brotli.headers.etag).not.toBe(plain.headers.etag);
      expect((await raw('GET', WIDGET_SCRIPT_PATH, { 'accept-encoding': 'br', 'if-none-match': String(brotli.headers.etag) })).status).toBe(304);
      expect((await raw('GET', WIDGET_SCRIPT_PATH, { 'accept-encoding': 'gzip', 'if-none-match': String(brotli.headers.etag) })).status).toBe(200);
    });
  });
});
