import { request as httpsRequest } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITED_AUTH, SANDBOX_AUTH, startApi, type RunningApi } from '../test-support/start-api.js';

/**
 * `/mcp` at the HTTP level, with raw requests: what an MCP client library would never send, and
 * what the transport answers before any tool runs. The tools themselves are tested through the
 * SDK's client in mcp-tools.test.ts.
 */

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const ALLOWED_ORIGIN = 'https://agents.example';

function rpc(method: string, params: Record<string, unknown> = {}, id: number | string = 1): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params });
}

/** A POST whose Host header is not the address connected to (undici would check the certificate against it). */
function postWithHost(api: RunningApi, host: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      { host: '127.0.0.1', port: api.port, path: '/mcp', method: 'POST', ca: api.ca, servername: 'localhost', headers: { ...MCP_HEADERS, host } },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject).end(body);
  });
}

const INFO_CALL = rpc('tools/call', { name: 'get_property_info', arguments: { hotelCode: 'ACME001' } });

describe('POST /mcp over HTTPS', () => {
  let api: RunningApi;
  const post = (body: string, headers: Record<string, string> = {}) =>
    api.request('POST', '/mcp', { headers: { ...SANDBOX_AUTH, ...MCP_HEADERS, ...headers }, body });

  beforeAll(async () => {
    api = await startApi({ env: { MCP_ALLOWED_ORIGINS: `${ALLOWED_ORIGIN}/` } });
  });
  afterAll(() => api.close());

  describe('stateless', () => {
    it('answers tools/call with no initialize before it, as plain JSON without a session id', async () => {
      const response = await post(INFO_CALL);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['mcp-session-id']).toBeUndefined();
      expect(response.body).toMatchObject({
        jsonrpc: '2.0',
        id: 1,
        result: { isError: false, structuredContent: { data: { code: 'ACME001' } } },
      });
    });

    it('answers initialize, and takes the initialized notification with 202', async () => {
      const initialize = await post(
        rpc('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } }),
      );
      expect(initialize.status).toBe(200);
      expect(initialize.body.result).toMatchObject({ serverInfo: { name: 'hotel-api' }, capabilities: { tools: {} } });
      const initialized = await post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
      expect(initialized.status).toBe(202);
    });

    it('keeps the request id and the key’s rate-limit headers, whichever way the request is answered', async () => {
      // A single request is answered by its handler directly; a batch (even of one) by the SDK's transport.
      for (const body of [INFO_CALL, `[${INFO_CALL}]`]) {
        const response = await post(body, { 'x-request-id': 'mcp-test-7' });
        expect(response.headers['x-request-id']).toBe('mcp-test-7');
        expect(response.headers['ratelimit-limit']).toBeDefined();
        expect(String(response.headers.vary)).toMatch(/Accept-Language/);
      }
    });

    it('answers a single request by its handler exactly as the SDK’s transport answers it', async () => {
      const calls = [
        INFO_CALL,
        rpc('tools/call', { name: 'shop_property_rate', arguments: { hotelCode: 'ACME002', checkIn: '2026-12-10', checkOut: '2026-12-13' } }, 'shop-1'),
        rpc('tools/call', { name: 'get_property_info', arguments: { hotelCode: 'NOPE999' } }, 2),
        rpc('tools/call', { name: 'no_such_tool', arguments: {} }, 3),
        rpc('tools/call', { name: 'get_property_info' }, 4),
        rpc('tools/list', {}, 5),
        rpc('resources/templates/list', {}, 6),
        rpc('no/such/method', {}, 7),
        rpc('ping', {}, 8),
        JSON.stringify({ jsonrpc: '2.0', id: 'no-params', method: 'tools/list' }),
        rpc('resources/read', { uri: 'hotel://properties/%' }, 9),
        rpc('tools/call', { name: 'get_property_info', arguments: { hotelCode: 'ACME\u0000' } }, 10),
        rpc('prompts/get', { name: 42 }, 11),
        rpc('tools/call', { name: 'get_property_info', arguments: { hotelCode: 'ACME001' }, task: { ttl: 60000 } }, 12),
        JSON.stringify({ jsonrpc: '2.0', id: 13, method: 'tools/list', extra: true }),
        rpc('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } }, 14),
        rpc('initialize', { protocolVersion: '1999-01-01', capabilities: {}, clientInfo: { name: 'old', version: '1' } }, 15),
        rpc('initialize', { capabilities: {} }, 16),
        JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
        JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }),
        JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized', id: null }),
      ];
      for (const call of calls) {
        const inMemory = await post(call);
        // The transport answers a batch of one with the bare answer, as it answers a single request.
        const overTransport = await post(`[${call}]`);
        // Same media type; Fastify names the charset (utf-8) where the transport leaves it implied.
        const mediaType = (response: typeof inMemory) => String(response.headers['content-type']).split(';')[0];
        expect({ status: inMemory.status, type: mediaType(inMemory), body: inMemory.text }).toEqual({
          status: overTransport.status,
          type: mediaType(overTransport),
          body: overTransport.text,
        });
      }
    });

    it('keeps concurrent requests apart even when every client numbers its request 1', async () => {
      const codes = ['ACME001', 'ACME002', 'ACME003', 'ACME004', 'ACME005', 'ACME006', 'ACME007', 'ACME008'];
      const answers = await Promise.all(codes.map((hotelCode) => post(rpc('tools/call', { name: 'get_property_info', arguments: { hotelCode } }, 1))));
      expect(answers.map((answer) => [answer.body.id, answer.body.result.structuredContent.data.code])).toEqual(codes.map((code) => [1, code]));
    });

    it('leaves what the transport checks to the transport: an unsupported protocol version is its 400', async () => {
      const response = await post(INFO_CALL, { 'mcp-protocol-version': '1999-01-01' });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32000, message: expect.stringMatching(/Unsupported protocol version: 1999-01-01/) } });
    });
  });

  describe('authentication, before any MCP work', () => {
    it.each([
      ['no key', {}, 'api_key_missing'],
      ['a key that is not ours', { authorization: 'Bearer sk_test_0000000000000000000000000000000000' }, 'api_key_invalid'],
      ['a malformed header', { authorization: 'Basic dXNlcjpwYXNz' }, 'api_key_malformed'],
    ])('answers %s with 401, WWW-Authenticate: Bearer and a JSON-RPC error', async (_case, auth, code) => {
      const response = await api.request('POST', '/mcp', { headers: { ...MCP_HEADERS, ...auth }, body: INFO_CALL });
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer /);
      expect(response.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, data: { code } } });
      expect(response.body.error.message).toMatch(/API key|Authorization/);
    });

    it('refuses a missing key even when the body is not JSON: the key is checked first', async () => {
      const response = await api.request('POST', '/mcp', { headers: MCP_HEADERS, body: '{not json' });
      expect(response.status).toBe(401);
    });
  });

  describe('sign-in without OAuth', () => {
    it('points the 401 to the Protected Resource Metadata and tells a person to send an API key', async () => {
      const response = await api.request('POST', '/mcp', { headers: MCP_HEADERS, body: INFO_CALL });
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toBe(
        `Bearer resource_metadata="${api.url}/.well-known/oauth-protected-resource/mcp", realm="hotel-api"`,
      );
      expect(response.body.error.message).toMatch(/Authorization: Bearer <API_KEY>.*no OAuth sign-in/);
    });

    it.each(['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp'])(
      'publishes %s naming no authorization server',
      async (path) => {
        const response = await api.get(path);
        expect(response.status).toBe(200);
        expect(response.body).toEqual({
          resource: `${api.url}/mcp`,
          bearer_methods_supported: ['header'],
          resource_name: 'Hotel API (MCP)',
          description: expect.stringContaining('Authorization: Bearer <API_KEY>'),
        });
      },
    );
  });

  describe('Host (DNS rebinding guard)', () => {
    it.each(['localhost:8443', '[::1]', '127.0.0.1:1234'])('serves the loopback Host %s on any port', async (host) => {
      expect((await post(INFO_CALL, { host })).status).toBe(200);
    });

    it.each(['evil.example', 'rebound.example:8443', 'user@127.0.0.1'])('refuses Host "%s" with 403 before the key is looked at', async (host) => {
      // As a rebinding page's request arrives: our address, our certificate, a foreign Host.
      const response = await postWithHost(api, host, INFO_CALL);
      expect(response.status).toBe(403);
      expect(JSON.parse(response.text)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, data: { code: 'host_not_allowed' } } });
    });
  });

  describe('Origin (DNS rebinding guard)', () => {
    it('serves a localhost Origin calling a loopback Host (a local client on the same machine)', async () => {
      expect((await post(INFO_CALL, { origin: 'http://localhost:6274' })).status).toBe(200);
    });


    it('refuses an Origin that is not allowed with 403', async () => {
      const response = await post(INFO_CALL, { origin: 'https://evil.example' });
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32000, data: { code: 'origin_not_allowed' } } });
      expect(response.body.error.message).toContain('https://evil.example');
    });

    it('refuses a foreign Origin before looking at the key', async () => {
      const response = await api.request('POST', '/mcp', { headers: { ...MCP_HEADERS, origin: 'null' }, body: INFO_CALL });
      expect(response.status).toBe(403);
    });

    it('serves an allowed Origin (configured with a trailing slash) and requests without Origin', async () => {
      expect((await post(INFO_CALL, { origin: ALLOWED_ORIGIN })).status).toBe(200);
      expect((await post(INFO_CALL)).status).toBe(200);
    });
  });

  describe('methods', () => {
    it.each(['GET', 'DELETE'])('answers %s with 405, Allow: POST and a JSON-RPC error', async (method) => {
      const response = await api.request(method, '/mcp', { headers: { ...SANDBOX_AUTH, accept: 'text/event-stream' } });
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('POST');
      expect(response.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, data: { code: 'method_not_allowed' } } });
    });
  });

  describe('headers the transport requires', () => {
    it('refuses an Accept without text/event-stream with 406', async () => {
      const response = await post(INFO_CALL, { accept: 'application/json' });
      expect(response.status).toBe(406);
      expect(response.body.error.message).toMatch(/accept both application\/json and text\/event-stream/);
    });

    it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded'])(
      'refuses Content-Type %s with 415 and the same message',
      async (contentType) => {
        const response = await post(INFO_CALL, { 'content-type': contentType });
        expect(response.status).toBe(415);
        expect(response.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
        expect(response.body.error.message).toMatch(/Content-Type must be application\/json/);
      },
    );
  });

  describe('bodies that are not a usable JSON-RPC request', () => {
    it('answers a body that is not JSON with 400 and a parse error', async () => {
      const response = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
      expect(response.body.error.message).toMatch(/not valid JSON/);
    });

    it('answers an empty body with 400 and a parse error', async () => {
      const response = await post('');
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe(-32700);
    });

    it.each([
      ['an object that is not JSON-RPC', { hello: 'world' }],
      ['a wrong jsonrpc version', { jsonrpc: '1.0', id: 1, method: 'tools/list' }],
      ['a method that is not a string', { jsonrpc: '2.0', id: 1, method: 42 }],
      ['a bare number', 7],
    ])('answers %s with 400 and a JSON-RPC error', async (_case, body) => {
      const response = await post(JSON.stringify(body));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ jsonrpc: '2.0', error: { message: expect.stringMatching(/Invalid JSON-RPC message/) } });
    });

    it('answers an unknown method with "method not found"', async () => {
      const response = await post(rpc('logging/setLevel', { level: 'info' }, 'req-9'));
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ jsonrpc: '2.0', id: 'req-9', error: { code: -32601, message: 'Method not found' } });
    });

    it('answers an unknown tool with "invalid params", naming the tools there are', async () => {
      const response = await post(rpc('tools/call', { name: 'book_room', arguments: { hotelCode: 'ACME001' } }));
      expect(response.body.error).toMatchObject({ code: -32602 });
      expect(response.body.error.message).toMatch(/Unknown tool "book_room".*get_property_info/);
    });

    it.each([
      ['no tool name', { arguments: { hotelCode: 'ACME001' } }, /name/],
      ['arguments that are not an object', { name: 'get_property_info', arguments: 'ACME001' }, /arguments/],
    ])('answers tools/call with %s with "invalid params"', async (_case, params, mentions) => {
      const response = await post(rpc('tools/call', params));
      expect(response.body.error).toMatchObject({ code: -32602 });
      expect(response.body.error.message).toMatch(mentions);
    });

    it('answers a body over the size limit with 413', async () => {
      const padding = 'x'.repeat(200_000);
      const response = await post(rpc('tools/call', { name: 'get_property_info', arguments: { hotelCode: 'ACME001', padding } }));
      expect(response.status).toBe(413);
      expect(response.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32000, data: { code: 'body_too_large' } } });
    });
  });

  it('answers a key that may not read the property with a tool error, not an HTTP error', async () => {
    const response = await post(rpc('tools/call', { name: 'get_property_info', arguments: { hotelCode: 'ACME002' } }), LIMITED_AUTH);
    expect(response.status).toBe(200);
    expect(response.body.result).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringContaining('ACME002') }] });
    expect(response.body.result.structuredContent).toBeUndefined();
  });
});

describe('POST /mcp rate limit', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ env: { RATE_LIMIT_MAX: '2' } });
  });
  afterAll(() => api.close());

  it('shares the per-key budget and answers 429 as a JSON-RPC error with Retry-After', async () => {
    const send = () => api.request('POST', '/mcp', { headers: { ...SANDBOX_AUTH, ...MCP_HEADERS }, body: INFO_CALL });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32000, data: { type: 'rate_limit_error' } } });
  });
});
