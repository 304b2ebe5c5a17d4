import { AvailabilityMultiResponse, GetPropertyInfoData, SearchChainAvailabilityData } from '@hotelapi/domain';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/app-with-deps';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { fetch as undiciFetch, type Dispatcher, type RequestInit as UndiciRequestInit } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITED_AUTH, SANDBOX_AUTH, startApi, type RunningApi } from '../test-support/start-api.js';

/**
 * Everything an agent can do beyond the six property tools, through the SDK's client over real
 * HTTPS: the chain search, the properties as resources, prompts and completion. The limited
 * sandbox key (ACME001 and chain BLUE) shows that each only offers what the caller may read.
 */

function fetchTrusting(dispatcher: Dispatcher): FetchLike {
  return (url, init) => undiciFetch(url, { ...(init as UndiciRequestInit), dispatcher }) as unknown as Promise<Response>;
}

async function connect(api: RunningApi, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'hotel-api-browsing-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', api.url), { requestInit: { headers }, fetch: fetchTrusting(api.dispatcher) }));
  return client;
}

/** TEST_NOW is 2026-11-21. */
const STAY = { checkIn: '2026-12-10', checkOut: '2026-12-13' };

describe('MCP beyond the property tools', () => {
  let api: RunningApi;
  let full: Client;
  let limited: Client;

  beforeAll(async () => {
    api = await startApi();
    [full, limited] = await Promise.all([connect(api, SANDBOX_AUTH), connect(api, LIMITED_AUTH)]);
  });
  afterAll(async () => {
    await Promise.all([full?.close(), limited?.close()]);
    await api?.close();
  });

  it('declares resources, prompts and completions', () => {
    expect(full.getServerCapabilities()).toMatchObject({ tools: {}, resources: {}, prompts: {}, completions: {} });
  });

  describe('search_chain_availability', () => {
    it('answers what GET /v1/availability/multi answers, with a short summary', async () => {
      const args = { chainCode: 'BLUE', ...STAY, currency: 'EUR', adults: 2, sortBy: 'NAME' };
      const result = await limited.callTool({ name: 'search_chain_availability', arguments: args });
      expect(result.isError).toBe(false);
      const { totalFound, nextCursor, ...data } = SearchChainAvailabilityData.parse((result.structuredContent as { data: unknown }).data);
      const rest = await api.get(`/v1/availability/multi?chainCode=BLUE&checkin=${STAY.checkIn}&checkout=${STAY.checkOut}&currency=EUR&adults=2&sortBy=NAME`);
      expect(rest.status).toBe(200);
      expect(data).toEqual(rest.body);
      expect(totalFound).toBe(data.hotels.length);
      expect(nextCursor).toBeNull();
      expect(data.hotels.length).toBeGreaterThan(0);
      expect(JSON.stringify(result.content)).toMatch(/properties of .* can be booked/);
    });

    it('answers a large chain 20 properties at a time, with the total and a cursor through all of them', async () => {
      const args = { chainCode: 'MEGA', ...STAY, currency: 'EUR' };
      const page = async (extra: object) => {
        const result = await full.callTool({ name: 'search_chain_availability', arguments: { ...args, ...extra } });
        expect(result.isError).toBe(false);
        // An agent's context holds a default page easily: 20 hotels, not 500.
        if (!('limit' in extra)) expect(JSON.stringify(result).length).toBeLessThan(40_000);
        return SearchChainAvailabilityData.parse((result.structuredContent as { data: unknown }).data);
      };
      const first = await page({});
      expect(first.hotels).toHaveLength(20);
      expect(first.totalFound).toBeGreaterThan(400);
      const rest = await api.get(`/v1/availability/multi?chainCode=MEGA&checkin=${STAY.checkIn}&checkout=${STAY.checkOut}&currency=EUR`);
      expect(first.metadata).toEqual(rest.body.metadata);
      const codes = first.hotels.map((hotel) => hotel.code);
      let cursor = first.nextCursor;
      while (cursor) {
        const next = await page({ cursor, limit: 100 });
        codes.push(...next.hotels.map((hotel) => hotel.code));
        cursor = next.nextCursor;
      }
      expect(codes).toEqual(rest.body.hotels.map((hotel: { code: string }) => hotel.code));
    });

    it('refuses a limit over 100 and a cursor sent with other arguments, as tool errors', async () => {
      const args = { chainCode: 'MEGA', ...STAY, currency: 'EUR' };
      const tooMany = await full.callTool({ name: 'search_chain_availability', arguments: { ...args, limit: 101 } });
      expect(tooMany).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('limit') }] });
      const first = await full.callTool({ name: 'search_chain_availability', arguments: args });
      const { nextCursor } = SearchChainAvailabilityData.parse((first.structuredContent as { data: unknown }).data);
      const elsewhere = await full.callTool({ name: 'search_chain_availability', arguments: { ...args, currency: 'USD', cursor: nextCursor } });
      expect(elsewhere).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('cursor') }] });
      const forged = await full.callTool({ name: 'search_chain_availability', arguments: { ...args, cursor: 'bm90IGEgY3Vyc29y' } });
      expect(forged).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('cursor') }] });
    });

    it('sends progress notifications when the client asks for them, then the same answer', async () => {
      const progress: { progress: number; total?: number; message?: string }[] = [];
      const args = { chainCode: 'ACME', ...STAY, currency: 'EUR' };
      const result = await full.callTool({ name: 'search_chain_availability', arguments: args }, undefined, {
        onprogress: (notification) => progress.push(notification),
      });
      expect(result.isError).toBe(false);
      expect(progress).toEqual([
        expect.objectContaining({ progress: 1, total: 3, message: '40 properties of ACME read' }),
        expect.objectContaining({ progress: 2, total: 3 }),
        expect.objectContaining({ progress: 3, total: 3 }),
      ]);
    });

    it('streams (SSE) only a request with a progress token; a plain call stays JSON', async () => {
      const body = (meta: object) =>
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_chain_availability', arguments: { chainCode: 'BLUE', ...STAY, currency: 'EUR' }, ...meta } });
      const headers = { ...SANDBOX_AUTH, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
      const plain = await api.request('POST', '/mcp', { headers, body: body({}) });
      expect(plain.headers['content-type']).toMatch(/^application\/json/);
      const streamed = await api.request('POST', '/mcp', { headers, body: body({ _meta: { progressToken: 'p-1' } }) });
      expect(streamed.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(streamed.text).toContain('notifications/progress');
      expect(streamed.text).toContain('"progressToken":"p-1"');
    });

    it('refuses a chain the key is not granted as a whole, naming it, with no data', async () => {
      const result = await limited.callTool({ name: 'search_chain_availability', arguments: { chainCode: 'ACME', ...STAY, currency: 'EUR' } });
      expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringContaining('chain ACME') }] });
      expect(result.structuredContent).toBeUndefined();
    });

    it('explains bad arguments and unknown chains as tool errors', async () => {
      const bad = await full.callTool({ name: 'search_chain_availability', arguments: { chainCode: 'ACME', checkIn: STAY.checkOut, checkOut: STAY.checkIn } });
      expect(bad).toMatchObject({ isError: true });
      expect(JSON.stringify(bad.content)).toMatch(/currency is required/);
      const unknown = await full.callTool({ name: 'search_chain_availability', arguments: { chainCode: 'NOPE', ...STAY, currency: 'EUR' } });
      expect(unknown).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('NOPE') }] });
    });
  });

  describe('the MCP App of the chain search', () => {
    it('links search_chain_availability to its UI resource', async () => {
      const { tools } = await full.listTools();
      const search = tools.find((tool) => tool.name === 'search_chain_availability');
      expect(search?._meta).toMatchObject({ ui: { resourceUri: 'ui://hotel-api/chain-search.html' } });
    });

    it('serves the page as an MCP App (ext-apps MIME type), self-contained with the ext-apps App inlined', async () => {
      const { contents } = await limited.readResource({ uri: 'ui://hotel-api/chain-search.html' });
      expect(contents[0]).toMatchObject({ uri: 'ui://hotel-api/chain-search.html', mimeType: RESOURCE_MIME_TYPE });
      const html = String((contents[0] as { text?: string }).text);
      expect(html).toMatch(/^<!doctype html>/);
      expect(html).toContain('globalThis.McpExtApps');
      expect(html).toContain('app.ontoolresult');
      expect(html).not.toMatch(/<script[^>]*src=/);
    });

    it("names the properties' photo origins in its CSP, so that hosts let the cards load them", async () => {
      const { contents } = await limited.readResource({ uri: 'ui://hotel-api/chain-search.html' });
      const resourceDomains = (contents[0]?._meta as { ui?: { csp?: { resourceDomains?: string[] } } } | undefined)?.ui?.csp?.resourceDomains;
      const result = await full.callTool({ name: 'search_chain_availability', arguments: { chainCode: 'ACME', ...STAY, currency: 'EUR' } });
      const { hotels } = AvailabilityMultiResponse.parse((result.structuredContent as { data: unknown }).data);
      const origins = new Set(hotels.flatMap((hotel) => [hotel.photo, hotel.photoM, hotel.photoL].map((url) => new URL(url).origin)));
      expect(origins.size).toBeGreaterThan(0);
      for (const origin of origins) expect(resourceDomains).toContain(origin);
      expect(new Set(resourceDomains).size).toBe(resourceDomains?.length);
    });
  });

  describe('resources', () => {
    it('offers the hotel://properties/{code} template', async () => {
      const { resourceTemplates } = await limited.listResourceTemplates();
      expect(resourceTemplates).toEqual([expect.objectContaining({ uriTemplate: 'hotel://properties/{code}', mimeType: 'application/json' })]);
    });

    it('lists only what the key may read', async () => {
      const { resources, nextCursor } = await limited.listResources();
      expect(resources.map((resource) => resource.uri)).toEqual(['ACME001', 'BLUE001', 'BLUE002', 'BLUE003'].map((code) => `hotel://properties/${code}`));
      expect(resources[0]).toMatchObject({ name: 'ACME001', title: expect.any(String), mimeType: 'application/json' });
      expect(nextCursor).toBeUndefined();
    });

    it('pages through every property with opaque cursors, each exactly once', async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await full.listResources(cursor === undefined ? {} : { cursor });
        seen.push(...page.resources.map((resource) => resource.name));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor !== undefined && pages < 20);
      expect(pages).toBeGreaterThan(1);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(expect.arrayContaining(['ACME001', 'ACME040', 'BLUE003', 'MEGA0500']));
    });

    it('refuses a cursor it never issued, and one issued to a caller who may read more', async () => {
      await expect(limited.listResources({ cursor: 'not-a-cursor' })).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/Invalid cursor/) });
      const { nextCursor } = await full.listResources();
      expect(nextCursor).toBeDefined();
      await expect(limited.listResources({ cursor: String(nextCursor) })).rejects.toBeInstanceOf(McpError);
    });

    it('reads a property as JSON in the caller’s language, the same as get_property_info', async () => {
      const client = await connect(api, { ...LIMITED_AUTH, 'accept-language': 'fr' });
      try {
        const { contents } = await client.readResource({ uri: 'hotel://properties/ACME001' });
        expect(contents).toHaveLength(1);
        expect(contents[0]).toMatchObject({ uri: 'hotel://properties/ACME001', mimeType: 'application/json' });
        const info = GetPropertyInfoData.parse(JSON.parse(String((contents[0] as { text?: string }).text)));
        const tool = await client.callTool({ name: 'get_property_info', arguments: { hotelCode: 'ACME001' } });
        expect(info).toEqual((tool.structuredContent as { data: unknown }).data);
      } finally {
        await client.close();
      }
    });

    it.each([
      ['a property the key may not read', 'hotel://properties/ACME002', /not found/],
      ['an unknown property', 'hotel://properties/NOPE999', /not found/],
      ['another scheme', 'file:///etc/passwd', /Unknown resource/],
    ])('answers %s with "resource not found" (-32002) and no data', async (_case, uri, message) => {
      await expect(limited.readResource({ uri })).rejects.toMatchObject({ code: -32002, message: expect.stringMatching(message) });
    });
  });

  describe('prompts', () => {
    it('lists the three prompts with typed arguments', async () => {
      const { prompts } = await full.listPrompts();
      expect(prompts.map((prompt) => prompt.name)).toEqual(['parity_check', 'review_digest', 'stay_plan']);
      const stayPlan = prompts.find((prompt) => prompt.name === 'stay_plan');
      expect(stayPlan?.arguments).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: 'chainCode', required: true }),
          expect.objectContaining({ name: 'adults', required: false }),
        ]),
      );
    });

    it('fills a prompt with its checked arguments', async () => {
      const { messages } = await limited.getPrompt({ name: 'parity_check', arguments: { hotelCode: 'ACME001', weeks: '6' } });
      expect(messages).toEqual([{ role: 'user', content: { type: 'text', text: expect.stringMatching(/ACME001 over the next 6 weeks/) } }]);
      const plan = await limited.getPrompt({ name: 'stay_plan', arguments: { chainCode: 'BLUE', ...STAY } });
      expect(JSON.stringify(plan.messages)).toContain('search_chain_availability');
    });

    it.each([
      ['a property outside the grants', 'review_digest', { hotelCode: 'ACME002' }, /may not read property ACME002/],
      ['a chain outside the grants', 'stay_plan', { chainCode: 'ACME', ...STAY }, /may not search chain ACME/],
      ['a bad argument', 'parity_check', { hotelCode: 'ACME001', weeks: 'soon' }, /weeks/],
      ['an unknown prompt', 'book_everything', {}, /Unknown prompt/],
    ])('refuses %s with invalid params', async (_case, name, args, message) => {
      await expect(limited.getPrompt({ name, arguments: args })).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(message) });
    });
  });

  describe('completion', () => {
    it('completes the template’s code with readable codes only', async () => {
      const { completion } = await limited.complete({ ref: { type: 'ref/resource', uri: 'hotel://properties/{code}' }, argument: { name: 'code', value: 'acme' } });
      expect(completion.values).toEqual(['ACME001']);
      const blue = await limited.complete({ ref: { type: 'ref/resource', uri: 'hotel://properties/{code}' }, argument: { name: 'code', value: 'B' } });
      expect(blue.completion.values).toEqual(['BLUE001', 'BLUE002', 'BLUE003']);
    });

    it('completes prompt arguments naming a property or a chain, capped at 100 with a total', async () => {
      const chains = await limited.complete({ ref: { type: 'ref/prompt', name: 'stay_plan' }, argument: { name: 'chainCode', value: '' } });
      expect(chains.completion.values).toEqual(['BLUE']);
      const mega = await full.complete({ ref: { type: 'ref/prompt', name: 'parity_check' }, argument: { name: 'hotelCode', value: 'MEGA' } });
      expect(mega.completion).toMatchObject({ total: 500, hasMore: true });
      expect(mega.completion.values).toHaveLength(100);
    });

    it.each([
      ['an unknown argument of a prompt', { type: 'ref/prompt', name: 'parity_check' }, 'chainCode', /has no argument "chainCode"/],
      ['an unknown template', { type: 'ref/resource', uri: 'hotel://chains/{code}' }, 'code', /Unknown resource template/],
      ['an unknown prompt', { type: 'ref/prompt', name: 'nope' }, 'hotelCode', /Unknown prompt/],
    ] as const)('refuses completion for %s with invalid params', async (_case, ref, name, message) => {
      await expect(full.complete({ ref, argument: { name, value: 'A' } })).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(message) });
    });
  });
});
