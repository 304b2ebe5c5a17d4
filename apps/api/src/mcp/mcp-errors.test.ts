import { Writable } from 'node:stream';
import { createSandboxConnectors, UpstreamError } from '@hotelapi/connectors';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AUTH, startApi, TEST_NOW, type RunningApi } from '../test-support/start-api.js';

/**
 * What `/mcp` answers when a message is wrong or something breaks: JSON-RPC's codes (-32602
 * invalid params with a short sentence, -32601 unknown method, -32600 an empty batch), and -32603
 * only for a fault of ours, logged with the request id and telling the client nothing of it.
 * Each message is sent alone (answered in memory) and in a batch (answered by the SDK's
 * transport): both ways must agree.
 */

const MCP_HEADERS = { ...SANDBOX_AUTH, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

const message = (method: string, params: unknown, id: number | string = 1) => ({ jsonrpc: '2.0', id, method, params });

/** What no client should ever read in an error: exception text, zod's JSON dump, a database's words. */
const INTERNAL_TEXT = /safeParse|Cannot read|URI malformed|ZodError|\\"path\\"|invalid_type|\[\s*\{|byte sequence|relation \\"/;

describe('MCP errors as JSON-RPC says', () => {
  let api: RunningApi;
  const post = (body: unknown) => api.request('POST', '/mcp', { headers: MCP_HEADERS, body: JSON.stringify(body) });

  /** The answer to `request` sent alone and inside a batch, after checking they agree. */
  async function answerTo(request: ReturnType<typeof message>) {
    const [alone, batched] = await Promise.all([post(request), post([request])]);
    expect(alone.status).toBe(200);
    expect(batched.status).toBe(200);
    expect(batched.body).toEqual(alone.body);
    expect(JSON.stringify(alone.body.error ?? {})).not.toMatch(INTERNAL_TEXT);
    return alone.body;
  }

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it.each([
    ['a prompt named __proto__', message('prompts/get', { name: '__proto__' }), /Unknown prompt "__proto__".*parity_check/],
    ['a prompt named toString', message('prompts/get', { name: 'toString', arguments: {} }), /Unknown prompt "toString"/],
    ['prompt arguments of the wrong type', message('prompts/get', { name: 'parity_check', arguments: { hotelCode: 5 } }), /params\.arguments\.hotelCode: .*expected string/],
    ['prompt arguments that are not an object', message('prompts/get', { name: 'parity_check', arguments: 'ACME001' }), /params\.arguments: /],
    ['a prompt argument that is no property code', message('prompts/get', { name: 'parity_check', arguments: { hotelCode: 'ACME 001' } }), /hotelCode: must be a property code/],
    ['a tool name that is a number', message('tools/call', { name: 5, arguments: {} }), /Invalid params for tools\/call: params\.name: .*expected string/],
    ['a tools/call without params', message('tools/call', undefined), /params is required/],
    ['a resource URI that does not percent-decode', message('resources/read', { uri: 'hotel://properties/%' }), /Invalid resource URI "hotel:\/\/properties\/%"/],
    ['a resource URI naming no property code', message('resources/read', { uri: 'hotel://properties/ACME001/rooms' }), /must be a property code/],
    ['a resource URI with a NUL character', message('resources/read', { uri: 'hotel://properties/ACME001\u0000' }), /params\.uri must not contain a NUL character/],
    ['a resources/read without a URI', message('resources/read', {}), /params\.uri is required/],
    ['a tool argument with a NUL character', message('tools/call', { name: 'get_property_info', arguments: { hotelCode: 'ACME001\u0000' } }), /params\.arguments\.hotelCode must not/],
    ['a completion ref of no known type', message('completion/complete', { ref: { type: 'ref/nothing' }, argument: { name: 'code', value: 'A' } }), /Invalid params for completion\/complete: params\.ref/],
    ['a completion of a prompt named __proto__', message('completion/complete', { ref: { type: 'ref/prompt', name: '__proto__' }, argument: { name: 'x', value: '' } }), /Unknown prompt "__proto__"/],
    ['a completion of an argument named constructor', message('completion/complete', { ref: { type: 'ref/prompt', name: 'parity_check' }, argument: { name: 'constructor', value: '' } }), /has no argument "constructor"/],
    ['a completion argument value that is not a string', message('completion/complete', { ref: { type: 'ref/resource', uri: 'hotel://properties/{code}' }, argument: { name: 'code', value: 7 } }), /params\.argument\.value: /],
  ])('answers %s with -32602 and a short readable message', async (_case, request, wording) => {
    const answer = await answerTo(request);
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32602 } });
    expect(answer.error.message).toMatch(wording);
    expect(answer.error.message.length).toBeLessThan(300);
  });

  it.each([
    ['a protocol version that is a number', { protocolVersion: 5, capabilities: {}, clientInfo: { name: 'raw', version: '1' } }, /params\.protocolVersion: /],
    ['capabilities that are not an object', { protocolVersion: '2025-06-18', capabilities: 'all', clientInfo: { name: 'raw', version: '1' } }, /params\.capabilities: /],
  ])('answers initialize with %s with -32602, and a good one as the SDK would', async (_case, params, wording) => {
    const refused = await post(message('initialize', params));
    expect(refused.body).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: expect.stringMatching(wording) } });
    expect(JSON.stringify(refused.body.error)).not.toMatch(INTERNAL_TEXT);
    const good = await post(message('initialize', { protocolVersion: '2099-01-01', capabilities: {}, clientInfo: { name: 'raw', version: '1' } }));
    expect(good.body.result).toMatchObject({ protocolVersion: LATEST_PROTOCOL_VERSION, serverInfo: { name: 'hotel-api' }, capabilities: { tools: {}, resources: {} } });
  });

  it('answers an unknown method with -32601, alone or in a batch', async () => {
    const answer = await answerTo(message('hotels/delete', {}, 'req-7'));
    expect(answer).toEqual({ jsonrpc: '2.0', id: 'req-7', error: { code: -32601, message: 'Method not found' } });
  });

  it('answers an empty batch with 400 and -32600, not 202', async () => {
    const response = await post([]);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/empty batch/), data: { requestId: expect.any(String) } } });
  });

  it('answers each message of a batch on its own: the wrong one -32602, the others their results', async () => {
    const response = await post([
      message('tools/call', { name: 'get_property_info', arguments: { hotelCode: 'ACME001' } }, 1),
      message('prompts/get', { name: '__proto__' }, 2),
      message('resources/read', { uri: 'hotel://properties/ACME001' }, 3),
    ]);
    expect(response.status).toBe(200);
    const byId = new Map((response.body as { id: number }[]).map((answer) => [answer.id, answer]));
    expect(byId.get(1)).toMatchObject({ result: { isError: false } });
    expect(byId.get(2)).toMatchObject({ error: { code: -32602 } });
    expect(byId.get(3)).toMatchObject({ result: { contents: [{ uri: 'hotel://properties/ACME001' }] } });
  });
});

describe('a fault of ours behind an MCP request', () => {
  const logLines: string[] = [];
  let api: RunningApi;
  beforeAll(async () => {
    const sandbox = createSandboxConnectors({ now: () => TEST_NOW });
    // A data source that fails as a database driver does: a plain Error with the database's words.
    const catalog = Object.assign(Object.create(sandbox.catalog) as typeof sandbox.catalog, {
      getProperty: (code: string) =>
        Promise.reject(
          code === 'BLUE001'
            ? new UpstreamError('catalog', 'password authentication failed for user "hotel" at 10.0.0.5:5432')
            : new Error('relation "properties" does not exist'),
        ),
    });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    api = await startApi({ connectors: { ...sandbox, catalog }, logger: { level: 'error', stream } });
  });
  afterAll(() => api.close());

  it.each([
    ['resources/read', { uri: 'hotel://properties/ACME001' }],
    ['resources/list', {}],
  ])('answers %s with -32603 quoting the request id, logs it with the error, and tells nothing else', async (method, params) => {
    const requestId = `mcp-fault-${method.replace('/', '-')}`;
    const response = await api.request('POST', '/mcp', { headers: { ...MCP_HEADERS, 'x-request-id': requestId }, body: JSON.stringify(message(method, params)) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32603, message: `MCP error -32603: An unexpected error occurred. Quote the request id ${requestId} when you contact support.`, data: { requestId } },
    });
    expect(JSON.stringify(response.body.error)).not.toMatch(INTERNAL_TEXT);
    const logged = logLines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string; mcpMethod?: string; err?: { message?: string } });
    expect(logged).toContainEqual(
      expect.objectContaining({ reqId: requestId, msg: 'MCP request failed unexpectedly', mcpMethod: method, err: expect.objectContaining({ message: 'relation "properties" does not exist' }) }),
    );
  });

  it('answers a data source that failed with -32603 in our words, logged, without the source’s words', async () => {
    const response = await api.request('POST', '/mcp', { headers: MCP_HEADERS, body: JSON.stringify(message('resources/read', { uri: 'hotel://properties/BLUE001' })) });
    expect(response.body).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: expect.stringMatching(/A data source did not answer as expected/) } });
    expect(response.text).not.toMatch(/password|10\.0\.0\.5|hotel"/);
    expect(logLines.some((line) => line.includes('password authentication failed'))).toBe(true);
  });
});
