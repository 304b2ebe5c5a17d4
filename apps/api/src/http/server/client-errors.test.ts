import { connect as connectPlain } from 'node:net';
import { connect, type ConnectionOptions } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type RunningApi } from '../../test-support/start-api.js';

interface Exchange {
  /** Everything the server sent before the connection ended. */
  readonly answer: string;
  /** The socket error that ended the connection, if any (a reset loses the answer). */
  readonly error?: string;
}

/** Sends `head` in one write, as an ordinary client does, and reads until the server closes. */
function exchange(api: RunningApi, head: string, over: 'tls' | 'plain' = 'tls'): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket =
      over === 'tls'
        ? connect({ host: '127.0.0.1', port: api.port, ca: api.ca }, () => socket.write(head))
        : connectPlain(api.port, '127.0.0.1', () => socket.write(head));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => resolve({ answer, error: error.code ?? error.message }));
    socket.on('close', () => resolve({ answer }));
  });
}

const headWithHeaderOf = (bytes: number) => `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(bytes)}\r\n\r\n`;

function expect431Envelope({ answer, error }: Exchange): void {
  expect(error).toBeUndefined();
  const [head, body] = answer.split('\r\n\r\n');
  expect(head).toMatch(/^HTTP\/1\.1 431 /);
  const requestId = /x-request-id: (\S+)/i.exec(head ?? '')?.[1];
  expect(JSON.parse(body ?? '')).toMatchObject({
    data: null,
    error: { type: 'invalid_request_error', code: 'headers_too_large', requestId },
  });
}

describe('an oversized request head', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it.each([17_000, 60_000])('gets the 431 envelope, never a reset, for 30 clients at once with a %i-byte header', async (bytes) => {
    const exchanges = await Promise.all(Array.from({ length: 30 }, () => exchange(api, headWithHeaderOf(bytes))));
    for (const each of exchanges) expect431Envelope(each);
  });

  it('gets it on the plain-HTTP door of the same port too', async () => {
    const exchanges = await Promise.all(Array.from({ length: 30 }, () => exchange(api, headWithHeaderOf(60_000), 'plain')));
    for (const each of exchanges) expect431Envelope(each);
  });

  it.each([
    ['as fast as it can', 0],
    ['a little at a time', 50],
  ])('is cut off when the client keeps sending %s after its answer', async (_how, pauseMs) => {
    const closed = new Promise<string>((resolve) => {
      let answer = '';
      // Half-open allowed (Node takes the option; its types omit it): the server's end does not end
      // the client's sending, as it would by default.
      const options: ConnectionOptions & { allowHalfOpen: boolean } = { host: '127.0.0.1', port: api.port, ca: api.ca, allowHalfOpen: true };
      const socket = connect(options, () => {
        socket.write(headWithHeaderOf(17_000));
        const more = () => {
          if (socket.destroyed) return;
          // Never a blank line: the head goes on forever.
          // A turn of the event loop between writes, so that the server's close is noticed.
          if (pauseMs === 0) socket.write(`X-More: ${'b'.repeat(16_000)}\r\n`, () => setImmediate(more));
          else socket.write('X-More: b\r\n', () => setTimeout(more, pauseMs));
        };
        more();
      });
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(answer));
    });
    // The server ended it (the client never stops on its own); it answered first.
    expect(await closed).toMatch(/^HTTP\/1\.1 431 /);
    expect((await api.get('/healthz')).status).toBe(200);
  });
});
