import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { redactingLoggerOptions, redactUrl } from './log-redaction.js';

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

  it('gives back a URL without secrets unchanged', () => {
    const url = '/v1/shopper/ACME001?checkIn=2026-12-01&checkOut=2026-12-03&adults=2&monkey=1';
    expect(redactUrl(url)).toBe(url);
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
