import { Writable } from 'node:stream';
import { loadKeyStore } from '@hotelapi/auth';
import { createSandboxConnectors } from '@hotelapi/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AUTH, TEST_NOW, startApi, type RunningApi } from '../test-support/start-api.js';
import { authInfoFor, callerOf, type McpCaller } from './caller.js';

/** How the caller reaches a tool: as the MCP auth info of its request, and out again. */
describe('the caller as MCP auth info', () => {
  const caller = async (): Promise<McpCaller> => {
    const principal = (await loadKeyStore({ sandbox: true })).authenticate('sk_test_sandbox');
    if (!principal) throw new Error('The sandbox key store does not know the sandbox key');
    return { principal, language: 'de', acceptLanguage: 'de-CH', origin: 'https://localhost:8443', requestId: 'req-1', log: console };
  };

  it('names the key by its id, never its secret, and gives the handler back the same caller', async () => {
    const sandbox = await caller();
    const authInfo = authInfoFor(sandbox);
    expect(authInfo).toMatchObject({ token: sandbox.principal.keyId, clientId: sandbox.principal.keyId });
    expect(authInfo.scopes.length).toBe(sandbox.principal.grants.length);
    expect(JSON.stringify(authInfo)).not.toContain('sk_test_sandbox');
    expect(callerOf(authInfo)).toBe(sandbox);
  });

  it('treats a request without a caller as a wiring bug', () => {
    expect(() => callerOf(undefined)).toThrow(/without the caller/);
    expect(() => callerOf({ token: 'x', clientId: 'x', scopes: [] })).toThrow(/without the caller/);
  });
});

describe('a tool call that fails unexpectedly', () => {
  const logLines: string[] = [];
  let api: RunningApi;
  beforeAll(async () => {
    const sandbox = createSandboxConnectors({ now: () => TEST_NOW });
    const broken = {
      ...sandbox.reviews,
      getReviews: () => Promise.reject(new Error('reviews database on fire')),
    };
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    api = await startApi({ connectors: { ...sandbox, reviews: broken }, logger: { level: 'error', stream } });
  });
  afterAll(() => api.close());

  it('is a tool error quoting the request id, logged with it, and tells the client nothing else', async () => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_property_reviews', arguments: { hotelCode: 'ACME001' } },
    });
    const response = await api.request('POST', '/mcp', {
      headers: { ...SANDBOX_AUTH, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-request-id': 'mcp-boom-1' },
      body,
    });
    expect(response.status).toBe(200);
    expect(response.body.result).toEqual({
      content: [{ type: 'text', text: 'An unexpected error occurred. Quote the request id mcp-boom-1 when you contact support.' }],
      isError: true,
    });
    expect(response.text).not.toContain('on fire');
    const logged = logLines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string; err?: { message?: string } });
    expect(logged).toContainEqual(
      expect.objectContaining({ reqId: 'mcp-boom-1', msg: 'MCP tool call failed unexpectedly', err: expect.objectContaining({ message: 'reviews database on fire' }) }),
    );
  });
});
