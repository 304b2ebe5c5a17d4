import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startApi, type RunningApi } from '../../test-support/start-api.js';

/** Sends raw bytes to the port and reads the whole answer: what a plain-HTTP client sees. */
function rawExchange(port: number, payload: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(payload));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (received += chunk));
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
    socket.setTimeout(5000, () => reject(new Error('no answer within 5 s')));
  });
}

describe('HTTPS only', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('serves HTTPS with the configured certificate', async () => {
    const response = await api.get('/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('answers plain HTTP on the same port with a JSON error, never serving nor redirecting it', async () => {
    const answer = await rawExchange(api.port, 'GET /v1/shopper/ACME001 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer sk_test_sandbox\r\n\r\n');
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).not.toMatch(/location:/i);
    expect(head).toMatch(/x-request-id: \S+/i);
    const envelope = JSON.parse(body ?? '');
    expect(envelope.data).toBeNull();
    expect(envelope.error).toMatchObject({ type: 'invalid_request_error', code: 'https_required' });
    expect(envelope.error.message).toMatch(/HTTPS is required/);
    // The key crossed the wire in clear text: the client is told to replace it.
    expect(envelope.error.message).toMatch(/revoke it/);
  });

  it('does not crash on garbage that is neither TLS nor HTTP', async () => {
    const answer = await rawExchange(api.port, '\x00\x01garbage\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect((await api.get('/healthz')).status).toBe(200);
  });
});

describe('behind a trusted TLS-terminating proxy', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => api.close());

  it('refuses a request the proxy received over plain HTTP', async () => {
    const response = await api.get('/healthz', { 'x-forwarded-proto': 'http' });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('https_required');
  });

  it('serves a request the proxy received over HTTPS', async () => {
    const response = await api.get('/healthz', { 'x-forwarded-proto': 'https' });
    expect(response.status).toBe(200);
  });
});

describe('without TRUST_PROXY', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('ignores X-Forwarded-Proto: the socket is what counts', async () => {
    expect((await api.get('/healthz', { 'x-forwarded-proto': 'http' })).status).toBe(200);
  });
});

describe('TRUST_PROXY as a list of proxy addresses and ranges', () => {
  let trusted: RunningApi;
  let stranger: RunningApi;
  beforeAll(async () => {
    trusted = await startApi({ env: { TRUST_PROXY: '10.0.0.0/8, 127.0.0.1/32' } });
    stranger = await startApi({ env: { TRUST_PROXY: '10.0.0.0/8,::1' } });
  });
  afterAll(async () => {
    await trusted.close();
    await stranger.close();
  });

  it('believes forwarded headers from a listed proxy', async () => {
    expect((await trusted.get('/healthz', { 'x-forwarded-proto': 'http' })).status).toBe(400);
  });

  it('ignores them from anyone else', async () => {
    expect((await stranger.get('/healthz', { 'x-forwarded-proto': 'http' })).status).toBe(200);
  });

  it('refuses a list with something that is not an address or range, naming it', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8,proxy.internal' })).toThrow(/TRUST_PROXY.*proxy\.internal/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
  });
});
