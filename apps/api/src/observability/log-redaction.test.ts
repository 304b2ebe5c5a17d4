import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AUTH, startApi, type RunningApi } from '../test-support/start-api.js';
import { redactApiKeys, redactingLoggerOptions, redactUrl } from './log-redaction.js';

function loggedLines(log: (app: ReturnType<typeof Fastify>) => void): Record<string, unknown>[] {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: redactingLoggerOptions({ level: 'info', stream }) });
  log(app);
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('redactUrl', () => {
  it('replaces secret parameters and key-shaped values, in any spelling', () => {
    expect(redactUrl('/v1/shopper/A?API_KEY=abc&x=1')).toBe('/v1/shopper/A?API_KEY=[redacted]&x=1');
    expect(redactUrl('/v1/shopper/sk_live_abcdef?token=t')).toBe('/v1/shopper/sk_live_[redacted]?token=[redacted]');
  });

  it.each([
    ['/v1/x?x=sk%5Flive%5FAbc123', '/v1/x?x=sk_live_[redacted]'],
    ['/v1/x?x=sk%5flive%5fAbc123&y=1', '/v1/x?x=sk_live_[redacted]&y=1'],
    ['/v1/x?authorization=Bearer%20sk_live_Abc123', '/v1/x?authorization=[redacted]'],
    ['/v1/x?auth=Bearer%20sk_live_Abc123', '/v1/x?auth=Bearer%20sk_live_[redacted]'],
    ['/v1/x?auth=Bearer+sk_test_Abc123', '/v1/x?auth=Bearer+sk_test_[redacted]'],
    ['/v1/shopper/sk_live_Abc123', '/v1/shopper/sk_live_[redacted]'],
    ['/v1/shopper/%73%6B%5F%6C%69%76%65%5FAbc123/x', '/v1/shopper/sk_live_[redacted]/x'],
    ['/v1/shopper/sk%255Ftest%255FAbc123', '/v1/shopper/sk_test_[redacted]'],
    ['/v1/x?sk_live_Abc123=1', '/v1/x?sk_live_[redacted]=1'],
    ['/v1/x?API%5FKEY=plain&Access%5fToken=plain', '/v1/x?API%5FKEY=[redacted]&Access%5fToken=[redacted]'],
    ['/v1/x?q=%ZZ&key=plain', '/v1/x?q=%ZZ&key=[redacted]'],
  ])('redacts a key however it is written: %s', (url, redacted) => {
    expect(redactUrl(url)).toBe(redacted);
  });

  it('gives back a URL without secrets unchanged', () => {
    const url = '/v1/shopper/ACME001?checkIn=2026-12-01&checkOut=2026-12-03&adults=2&monkey=1';
    expect(redactUrl(url)).toBe(url);
  });
});

describe('redactApiKeys', () => {
  it('replaces keys anywhere in a text, and nothing else', () => {
    expect(redactApiKeys('{"msg":"no hotel sk_live_Abc123","reqId":"req_1"}')).toBe('{"msg":"no hotel sk_live_[redacted]","reqId":"req_1"}');
    expect(redactApiKeys('{"msg":"100% desk_living"}')).toBe('{"msg":"100% desk_living"}');
    // The sandbox's published keys stay readable (the start-up line lists them); a longer key does not.
    expect(redactApiKeys('{"keys":["sk_test_sandbox","sk_test_sandbox_limited","sk_test_sandbox2"]}')).toBe(
      '{"keys":["sk_test_sandbox","sk_test_sandbox_limited","sk_test_[redacted]"]}',
    );
  });
});

describe('the redacting logger', () => {
  it('censors credentials in headers logged on their own, and keeps the rest', () => {
    const [line] = loggedLines((app) =>
      app.log.info({ headers: { Authorization: 'Bearer sk_live_secret', cookie: 'session=secret', accept: 'application/json' } }, 'headers'),
    );
    expect(line?.['headers']).toEqual({ Authorization: '[redacted]', cookie: '[redacted]', accept: 'application/json' });
  });

  it('writes a request without its headers', () => {
    const request = { method: 'GET', url: '/v1/x?key=secret', host: 'api.example', ip: '127.0.0.1', headers: { authorization: 'Bearer secret' } };
    const [line] = loggedLines((app) => app.log.info({ req: request }, 'request'));
    expect(line?.['req']).toEqual({ method: 'GET', url: '/v1/x?key=[redacted]', host: 'api.example', remoteAddress: '127.0.0.1' });
  });
});

describe('the running service', () => {
  const lines: string[] = [];
  let api: RunningApi;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    api = await startApi({ logger: { level: 'info', stream } });
  });
  afterAll(() => api.close());

  const SECRET = 'Abc123SecretPart';
  const STAY = 'checkIn=2026-12-10&checkOut=2026-12-12';

  it('logs no key, however the client wrote it, in any line', async () => {
    const paths = [
      `/v1/shopper/ACME001?${STAY}&x=sk%5Flive%5F${SECRET}`,
      `/v1/shopper/ACME001?${STAY}&x=sk%5flive%5f${SECRET}`,
      `/v1/shopper/ACME001?${STAY}&authorization=Bearer%20sk_live_${SECRET}`,
      `/v1/shopper/ACME001?${STAY}&authorization=Bearer+sk%5Ftest%5F${SECRET}`,
      `/v1/shopper/ACME001?${STAY}&API%5FKEY=${SECRET}`,
      `/v1/shopper/sk_live_${SECRET}?${STAY}`,
      `/v1/shopper/%73%6B%5F%6C%69%76%65%5F${SECRET}?${STAY}`,
      `/v1/shopper/ACME001?${STAY}&sk_test_${SECRET}=1`,
      `/v1/nowhere/sk_live_${SECRET}`,
    ];
    for (const path of paths) await api.get(path, SANDBOX_AUTH);
    await api.get(`/v1/shopper/ACME001?${STAY}`, { ...SANDBOX_AUTH, 'x-request-id': `sk_live_${SECRET}` });

    const accessLines = lines.filter((line) => line.includes('"request completed"'));
    expect(accessLines.length).toBeGreaterThanOrEqual(paths.length + 1);
    expect(lines.join('')).not.toContain(SECRET);
    expect(accessLines.filter((line) => line.includes('[redacted]')).length).toBeGreaterThanOrEqual(paths.length);
  });
});
