import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from './compression.js';
import { SENT_SLICE_BYTES, slicedSending } from './sliced-sending.js';

describe('slicedSending', () => {
  const app: FastifyInstance = Fastify({ logger: false });
  // Bytes of every value, so that a slice cut in the wrong place or a lost slice shows.
  const large = Buffer.from(Array.from({ length: 3 * SENT_SLICE_BYTES + 123 }, (_, index) => index % 251));
  // Characters of three bytes in UTF-8: the length sent is the bytes', not the string's.
  const largeText = '€'.repeat(SENT_SLICE_BYTES);
  const payloadsHanded: string[] = [];
  let origin = '';

  beforeAll(async () => {
    await app.register(slicedSending);
    await registerCompression(app);
    const seen = { onSend: (_request: unknown, _reply: unknown, payload: unknown, done: (error: null, payload: unknown) => void) => {
      payloadsHanded.push(typeof (payload as { pipe?: unknown } | null)?.pipe === 'function' ? 'stream' : typeof payload);
      done(null, payload);
    } };
    app.get('/large', seen, async (_request, reply) => reply.type('application/octet-stream').send(large));
    app.get('/large-text', seen, async (_request, reply) => reply.type('text/plain; charset=utf-8').send(largeText));
    app.get('/small', seen, async () => ({ hotels: [] }));
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('sends a large answer whole and with its length, handed on as slices', async () => {
    payloadsHanded.length = 0;
    const response = await request(`${origin}/large`);
    const body = Buffer.from(await response.body.arrayBuffer());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(large.length));
    expect(response.headers['transfer-encoding']).toBeUndefined();
    expect(body.equals(large)).toBe(true);
    expect(payloadsHanded).toEqual(['stream']);
  });

  it('counts a large text in UTF-8 bytes', async () => {
    const response = await request(`${origin}/large-text`);
    const body = Buffer.from(await response.body.arrayBuffer());
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(largeText)));
    expect(body.toString('utf8')).toBe(largeText);
  });

  it('leaves compression to compress the slices, without the uncompressed length', async () => {
    const response = await request(`${origin}/large`, { headers: { 'accept-encoding': 'gzip' } });
    const body = Buffer.from(await response.body.arrayBuffer());
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-length']).toBeUndefined();
    expect(gunzipSync(body).equals(large)).toBe(true);
  });

  it('answers HEAD with the length and no body', async () => {
    const response = await request(`${origin}/large`, { method: 'HEAD' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(large.length));
    expect((await response.body.arrayBuffer()).byteLength).toBe(0);
  });

  it('leaves an answer of one slice as it is', async () => {
    payloadsHanded.length = 0;
    const response = await request(`${origin}/small`);
    expect(await response.body.json()).toEqual({ hotels: [] });
    expect(payloadsHanded).toEqual(['string']);
  });
});
