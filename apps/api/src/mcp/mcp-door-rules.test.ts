import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxConnectors } from '@hotelapi/connectors';
import { SANDBOX_AUTH, startApi, TEST_NOW, type RunningApi } from '../test-support/start-api.js';

/**
 * `/mcp` keeps the rules every REST door keeps: failed authentications spend one budget per client
 * address, whichever door they knock at; every message that reads data spends the key's rate
 * limit; and one key's many agents are not held back by a cap meant for heavy work.
 */

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const SHOP = '/v1/shopper/ACME001?checkIn=2027-01-15&checkOut=2027-01-18';
const WRONG_KEY = { authorization: 'Bearer sk_live_notAKeyAnyoneIssued00000000' };

const message = (id: number, method: string, params: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id, method, params });
const INFO_CALL = (id: number) => message(id, 'tools/call', { name: 'get_property_info', arguments: { hotelCode: 'ACME001' } });

describe('/mcp keeps the rules of every door', () => {
  let api: RunningApi | undefined;
  const start = async (env: Record<string, string> = {}) => (api = await startApi({ env }));
  const current = (): RunningApi => {
    if (!api) throw new Error('No API started in this test');
    return api;
  };
  const postMcp = (auth: Record<string, string>, body: unknown) => current().request('POST', '/mcp', { headers: { ...MCP_HEADERS, ...auth }, body: JSON.stringify(body) });
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  describe('failed authentications, one budget per address', () => {
    it('answers 60 wrong keys with 30 × 401 then 429s in the JSON-RPC shape with Retry-After (defaults)', async () => {
      await start();
      const answers = [];
      for (let attempt = 0; attempt < 60; attempt++) answers.push(await postMcp(WRONG_KEY, INFO_CALL(1)));
      const statuses = answers.map((answer) => answer.status);
      const last = answers.at(-1);
      expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
      expect(statuses.slice(30)).toEqual(Array(30).fill(429));
      expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
      expect(last?.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, data: { type: 'rate_limit_error', code: 'rate_limited' } } });
      // The address has spent its budget at /mcp: REST refuses it too, even with a right key.
      expect((await current().get(SHOP, SANDBOX_AUTH)).status).toBe(429);
      expect((await postMcp(SANDBOX_AUTH, INFO_CALL(2))).status).toBe(429);
    });

    it('counts wrong keys at REST and at /mcp together', async () => {
      await start({ AUTH_FAILURE_LIMIT_MAX: '3' });
      expect((await current().get(SHOP, WRONG_KEY)).status).toBe(401);
      expect((await postMcp(WRONG_KEY, INFO_CALL(1))).status).toBe(401);
      expect((await current().get(SHOP, WRONG_KEY)).status).toBe(401);
      expect((await postMcp(SANDBOX_AUTH, INFO_CALL(2))).status).toBe(429);
    });

    it('does not count a missing key: it guesses nothing', async () => {
      await start({ AUTH_FAILURE_LIMIT_MAX: '2' });
      for (let attempt = 0; attempt < 4; attempt++) expect((await postMcp({}, INFO_CALL(1))).status).toBe(401);
      expect((await postMcp(SANDBOX_AUTH, INFO_CALL(2))).status).toBe(200);
    });
  });

  describe('the rate limit', () => {
    it('counts every message of a batch that reads data, whatever its method', async () => {
      await start({ RATE_LIMIT_MAX: '20' });
      const reading = await postMcp(SANDBOX_AUTH, [
        message(1, 'resources/read', { uri: 'hotel://properties/ACME001' }),
        message(2, 'prompts/get', { name: 'parity_check', arguments: { hotelCode: 'ACME001' } }),
        message(3, 'completion/complete', { ref: { type: 'ref/resource', uri: 'hotel://properties/{code}' }, argument: { name: 'code', value: 'A' } }),
        message(4, 'resources/list'),
        INFO_CALL(5),
      ]);
      expect(reading.status).toBe(200);
      expect(reading.headers['ratelimit-remaining']).toBe('15');
      // Listings read nothing the key is granted: the POST counts once, as any request does.
      const listings = await postMcp(SANDBOX_AUTH, [message(1, 'tools/list'), message(2, 'prompts/list'), message(3, 'resources/templates/list')]);
      expect(listings.status).toBe(200);
      expect(listings.headers['ratelimit-remaining']).toBe('14');
      const tooMany = await postMcp(SANDBOX_AUTH, Array.from({ length: 16 }, (_, index) => message(index + 1, 'resources/read', { uri: 'hotel://properties/ACME001' })));
      expect(tooMany.status).toBe(429);
      expect(tooMany.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32000, data: { type: 'rate_limit_error' } } });
    });
  });

  describe('one key, many agents', () => {
    // The per-caller cap is for heavy work only (issue 34), so even at 1 it holds back no cheap
    // call. Needs the branch that moves the cap from the /mcp route into the service layer.
    it('answers 50 concurrent get_property_info calls by one key, all of them, whatever the heavy-work cap', async () => {
      // The catalog holds every read until each of the 50 calls is either reading or answered:
      // the calls are truly at the server at once, with no clock involved.
      const codes = Array.from({ length: 50 }, (_, index) => `MEGA${String(index + 1).padStart(4, '0')}`);
      const held: (() => void)[] = [];
      let answered = 0;
      const releaseWhenAllIn = () => {
        if (held.length + answered >= codes.length) held.splice(0).forEach((release) => release());
      };
      const sandbox = createSandboxConnectors({ now: () => TEST_NOW });
      const catalog = Object.assign(Object.create(sandbox.catalog) as typeof sandbox.catalog, {
        getProperty: async (code: string) => {
          if (codes.includes(code)) {
            await new Promise<void>((resolve) => {
              held.push(resolve);
              releaseWhenAllIn();
            });
          }
          return sandbox.catalog.getProperty(code);
        },
      });
      api = await startApi({ env: { CONCURRENT_HEAVY_REQUESTS_PER_CLIENT: '1' }, connectors: { ...sandbox, catalog } });
      const answers = await Promise.all(
        codes.map(async (hotelCode, index) => {
          const answer = await postMcp(SANDBOX_AUTH, message(index + 1, 'tools/call', { name: 'get_property_info', arguments: { hotelCode } }));
          answered++;
          releaseWhenAllIn();
          return answer;
        }),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
      expect(answers.map((answer) => answer.body.result?.structuredContent?.data?.code)).toEqual(codes);
    });
  });
});
