/**
 * A push whose body trickles in is cut off by the request timeout, as every request is: the
 * client gets the 408 envelope, the connection is closed, nothing of it is applied, and the same
 * push sent whole afterwards succeeds.
 */
import { connect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AUTH, startApi, type RunningApi } from '../test-support/start-api.js';

/** ACME001's double room sold out on a night the sandbox sells (TEST_NOW is 2026-11-21). */
const RECORD = JSON.stringify({ type: 'ari', property: 'ACME001', room: 'DBL', date: '2026-12-12', priceFactor: 1, roomsLeft: 0, stopSell: [] });

describe('POST /v1/data with a body that trickles in', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ env: { HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '2000' } });
  });
  afterAll(() => api?.close());

  /** How many `availability.changed` events of ACME001 the feed holds. */
  const availabilityEvents = async () => {
    const response = await api.get('/v1/events?types=availability.changed&properties=ACME001&limit=500', SANDBOX_AUTH);
    expect(response.status, response.text).toBe(200);
    return (response.body.data as unknown[]).length;
  };

  it('answers 408 in the envelope, closes the connection and applies nothing', async () => {
    const before = await availabilityEvents();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port: api.port, ca: api.ca, servername: 'localhost' }, () => {
        socket.write(
          'POST /v1/data HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer sk_test_sandbox\r\n' +
            `Content-Type: application/x-ndjson\r\nContent-Length: ${RECORD.length + 1 + 4_096}\r\n\r\n${RECORD}\n`,
        );
        // One blank byte every 100 ms: never idle, never complete.
        trickle = setInterval(() => socket.writable && socket.write(' '), 100);
      });
      let trickle: NodeJS.Timeout | undefined;
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      socket.on('error', () => undefined);
      socket.once('close', () => {
        clearInterval(trickle);
        resolve(received);
      });
      setTimeout(() => reject(new Error(`still open after 20 s; received: ${received.slice(0, 300)}`)), 20_000).unref();
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"code":"request_timeout"');
    expect(await availabilityEvents()).toBe(before);

    const whole = await api.request('POST', '/v1/data', { headers: { ...SANDBOX_AUTH, 'content-type': 'application/x-ndjson' }, body: `${RECORD}\n` });
    expect(whole.status, whole.text).toBe(200);
    expect(await availabilityEvents()).toBeGreaterThan(before);
  }, 30_000);
});
