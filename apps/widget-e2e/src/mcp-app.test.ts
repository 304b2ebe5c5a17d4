import { SANDBOX_AUTH, startApi, type RunningApi } from '@hotelapi/api/testing';
import { getToolUiResourceUri, RESOURCE_MIME_TYPE, type AppBridge, type PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { build } from 'esbuild';
import type { FrameLocator, Page } from 'playwright-core';
import { fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, launchChromium, type Chromium } from '@hotelapi/api/browser';
import { required } from './support/required.js';
import { screenshot, VIEWPORT } from './support/widget-page.js';

const underCi = process.env.CI === 'true';
const APP_URI = 'ui://hotel-api/chain-search.html';

/**
 * The MCP App of `search_chain_availability` as a host that supports MCP Apps runs it: the real
 * server's tool listing names the app, `resources/read` gives its page, and a host page in
 * Chromium renders that page in a sandboxed iframe and talks to it with ext-apps' own host side
 * (`AppBridge` over `PostMessageTransport`: `ui/initialize`, then `ui/notifications/tool-input`
 * and `ui/notifications/tool-result` with the result the real tool call gave).
 */

const api: RunningApi = await startApi({ now: () => new Date() });

/** ext-apps' host side for the browser, bundled once from the installed package. */
async function appBridgeBundle(): Promise<string> {
  const result = await build({
    stdin: { contents: "export { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';", resolveDir: import.meta.dirname },
    bundle: true,
    format: 'iife',
    globalName: 'McpAppsHost',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return required(result.outputFiles[0], 'The bundle of ext-apps’ host side').text;
}

async function connectMcp(): Promise<Client> {
  const client = new Client({ name: 'widget-e2e-host', version: '1.0.0' });
  const fetch = (url: string | URL, init?: RequestInit) =>
    undiciFetch(url, { ...(init as UndiciRequestInit), dispatcher: api.dispatcher }) as unknown as Promise<Response>;
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', api.url), { requestInit: { headers: SANDBOX_AUTH }, fetch }));
  return client;
}

/** What the bundle puts on `window`. */
interface McpAppsHost {
  AppBridge: typeof AppBridge;
  PostMessageTransport: typeof PostMessageTransport;
}

interface HostContext {
  readonly theme: 'light' | 'dark';
  readonly locale: string;
}

/**
 * Opens the app page the way a host does and hands it one tool call; resolves once the app has
 * initialised and been sent the call's input and result. Links the app asks the host to open
 * (`ui/open-link`) are kept in `window.openedLinks`.
 */
async function hostTheApp(page: Page, appHtml: string, bridge: string, toolInput: object, toolResult: CallToolResult, hostContext: HostContext): Promise<FrameLocator> {
  await page.setContent('<!doctype html><html><head><title>MCP host</title></head><body style="margin:0"></body></html>');
  await page.addScriptTag({ content: bridge });
  await page.evaluate(
    async ({ appHtml, toolInput, toolResult, hostContext }) => {
      const { AppBridge, PostMessageTransport } = (window as unknown as { McpAppsHost: McpAppsHost }).McpAppsHost;
      const links: string[] = ((window as unknown as { openedLinks: string[] }).openedLinks = []);
      const iframe = document.createElement('iframe');
      // What hosts give an app: scripts, and no access to the host's origin.
      iframe.setAttribute('sandbox', 'allow-scripts');
      iframe.title = 'MCP App';
      iframe.style.cssText = 'width: 100%; height: 1000px; border: 0';
      document.body.append(iframe);
      const bridge = new AppBridge(null, { name: 'widget-e2e-host', version: '1.0.0' }, { openLinks: {} }, { hostContext: { ...hostContext, displayMode: 'inline' } });
      bridge.onopenlink = async ({ url }) => {
        links.push(url);
        return {};
      };
      const delivered = new Promise<void>((resolve) => {
        bridge.oninitialized = () => {
          void bridge.sendToolInput({ arguments: toolInput as Record<string, unknown> });
          void bridge.sendToolResult(toolResult as Parameters<typeof bridge.sendToolResult>[0]);
          resolve();
        };
      });
      const app = iframe.contentWindow;
      if (!app) throw new Error('The app iframe has no window');
      await bridge.connect(new PostMessageTransport(app, app));
      iframe.srcdoc = appHtml;
      await delivered;
    },
    { appHtml, toolInput, toolResult, hostContext },
  );
  return page.frameLocator('iframe');
}

describe.skipIf(chromiumMissing !== undefined && !underCi)(`The chain search MCP App in Chromium${chromiumMissing ? ` [skipped: ${chromiumMissing}]` : ''}`, () => {
  let chromium: Chromium;
  let mcp: Client;
  let bridge: string;

  beforeAll(async () => {
    if (chromiumMissing) throw new Error(`CI needs Chromium for the MCP App tests: ${chromiumMissing}`);
    [chromium, mcp, bridge] = await Promise.all([launchChromium({ trustedCertificates: [api.ca], viewport: VIEWPORT }), connectMcp(), appBridgeBundle()]);
  });

  afterAll(async () => {
    await mcp?.close();
    await chromium?.close();
    await api.close();
  });

  it('renders the tool result with the booking widget, sorts it, and books through the host', async () => {
    const { tools } = await mcp.listTools();
    const uri = getToolUiResourceUri(tools.find((tool) => tool.name === 'search_chain_availability') as Parameters<typeof getToolUiResourceUri>[0]);
    expect(uri).toBe(APP_URI);
    const { contents } = await mcp.readResource({ uri: APP_URI });
    expect(contents[0]?.mimeType).toBe(RESOURCE_MIME_TYPE);
    const appHtml = String((contents[0] as { text: string }).text);

    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    // ACME's 40 properties fit one page of 100: the frame sorts and filters the whole chain.
    const toolInput = { chainCode: 'ACME', checkIn: day(14), checkOut: day(16), currency: 'EUR', adults: 2, lang: 'fr', limit: 100 };
    const toolResult = (await mcp.callTool({ name: 'search_chain_availability', arguments: toolInput })) as CallToolResult;
    expect(toolResult.isError).toBe(false);
    // What a host without App support shows: the text summary and the structured content.
    expect(toolResult.content[0]).toMatchObject({ type: 'text' });
    const data = (toolResult.structuredContent as { data: { hotels: { code: string; targetUrl: string }[] } }).data;
    expect(data.hotels.length).toBeGreaterThan(5);

    const page = await chromium.context.newPage();
    try {
      await page.setViewportSize({ width: 900, height: 1000 });
      const apiCalls: string[] = [];
      const photos: string[] = [];
      page.on('request', (request) => {
        // The cards' photos come from the service (the sandbox draws them); nothing else may.
        if (request.url().startsWith(`${api.url}/sandbox/photos/`)) photos.push(request.url());
        else if (request.url().startsWith(api.url)) apiCalls.push(request.url());
      });
      const app = await hostTheApp(page, appHtml, bridge, toolInput, toolResult, { theme: 'dark', locale: 'en-GB' });
      const widget = app.locator('hotel-search');
      const cards = widget.locator('li.card');
      const codes = () => cards.evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.code));

      await expect.poll(codes).toEqual(data.hotels.map((hotel) => hotel.code));
      // In the language the tool was asked for, in the host's theme.
      expect(await widget.locator('[part="status"]').textContent()).toBe(`${data.hotels.length} hôtels trouvés`);
      expect(await cards.first().locator('a.book').textContent()).toContain('Réserver');
      expect(await app.locator('html').getAttribute('data-theme')).toBe('dark');
      await screenshot(page, 'mcp-app', { docs: true, fullPage: false });

      // Sorted and filtered in the frame, as the API sorts: no request leaves it.
      await widget.locator('select[name="sortBy"]').selectOption('NAME');
      const byName = await api.get(`/v1/availability/multi?chainCode=ACME&checkin=${toolInput.checkIn}&checkout=${toolInput.checkOut}&currency=EUR&adults=2&lang=fr&sortBy=NAME`);
      expect(byName.status).toBe(200);
      await expect.poll(codes).toEqual((byName.body as typeof data).hotels.map((hotel) => hotel.code));

      // Book goes through the host (`ui/open-link`): a sandboxed frame may not navigate itself.
      const first = required((byName.body as typeof data).hotels[0], 'The first hotel by name');
      await cards.first().locator('a.book').click();
      await expect.poll(() => page.evaluate(() => (window as unknown as { openedLinks: string[] }).openedLinks)).toEqual([first.targetUrl]);
      expect(apiCalls).toEqual([]);
      expect(photos.length).toBeGreaterThan(0);
    } finally {
      await page.close();
    }
  });

  it('says why when the tool call failed, instead of an empty list', async () => {
    const { contents } = await mcp.readResource({ uri: APP_URI });
    const toolInput = { chainCode: 'NOPE', checkIn: '2099-01-01', checkOut: '2099-01-02', currency: 'EUR' };
    const toolResult = (await mcp.callTool({ name: 'search_chain_availability', arguments: toolInput })) as CallToolResult;
    expect(toolResult.isError).toBe(true);
    const page = await chromium.context.newPage();
    try {
      const app = await hostTheApp(page, String((contents[0] as { text: string }).text), bridge, toolInput, toolResult, { theme: 'light', locale: 'en' });
      const said = (toolResult.content[0] as { text: string }).text;
      await expect.poll(() => app.locator('#note').textContent()).toBe(said);
      expect(await app.locator('hotel-search').isHidden()).toBe(true);
    } finally {
      await page.close();
    }
  });
});
