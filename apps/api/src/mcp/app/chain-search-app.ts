import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The MCP App `search_chain_availability` links (ext-apps: the tool's `_meta.ui.resourceUri`). */
export const CHAIN_SEARCH_APP_URI = 'ui://hotel-api/chain-search.html';

/** ext-apps' `RESOURCE_MIME_TYPE`: what tells a host the resource is an MCP App. */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** The tool `_meta` that links the app, in the current form and the deprecated flat key hosts still read. */
export const CHAIN_SEARCH_APP_META = { ui: { resourceUri: CHAIN_SEARCH_APP_URI }, 'ui/resourceUri': CHAIN_SEARCH_APP_URI } as const;

let page: string | undefined;

/**
 * The app's page: self-contained HTML (the host renders it in a sandboxed iframe with no network
 * by default), so ext-apps' browser bundle (`app-with-deps`, the `App` class and its postMessage
 * transport) is inlined. It renders the structured result of the call it was opened for: the
 * bookable properties, cheapest first, each with its booking link. Built on first read and kept.
 *
 * The bundle is an ES module; a host's iframe may refuse `blob:` imports, so its closing
 * `export{local as name,...}` becomes a plain global, and the page is classic scripts only.
 */
export function chainSearchAppHtml(): string {
  return (page ??= renderPage(classicScript(readFileSync(createRequire(import.meta.url).resolve('@modelcontextprotocol/ext-apps/app-with-deps'), 'utf8'))));
}

function classicScript(moduleSource: string): string {
  const match = /export\s*\{([^}]*)\};?\s*$/.exec(moduleSource);
  if (!match) throw new Error('@modelcontextprotocol/ext-apps/app-with-deps no longer ends with an export list');
  const members = (match[1] ?? '').split(',').map((entry) => {
    const [local, exported = local] = entry.trim().split(/\s+as\s+/);
    return `${JSON.stringify(exported)}:${local}`;
  });
  const body = moduleSource.slice(0, match.index);
  return `(()=>{${body};globalThis.McpExtApps={${members.join(',')}};})();`.replaceAll('</script', '<\\/script');
}

function renderPage(extApps: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Chain availability</title>
<style>
  body { font: 14px/1.4 system-ui, sans-serif; margin: 0; padding: 12px; color: #1c1c1c; }
  h1 { font-size: 16px; margin: 0 0 8px; }
  ol { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
  li { border: 1px solid #ddd; border-radius: 8px; padding: 8px 12px; display: flex; justify-content: space-between; gap: 12px; }
  .name { font-weight: 600; } .where { color: #555; } .price { font-weight: 600; white-space: nowrap; }
  a { color: #0b57d0; }
</style>
</head>
<body>
<h1 id="title">Waiting for results…</h1>
<ol id="hotels"></ol>
<script>${extApps}</script>
<script>
  const { App } = globalThis.McpExtApps;
  const app = new App({ name: 'hotel-api-chain-search', version: '1.0.0' }, {});
  const text = (tag, className, value) => Object.assign(document.createElement(tag), { className, textContent: value });
  app.ontoolresult = (result) => {
    const data = result.structuredContent && result.structuredContent.data;
    const list = document.getElementById('hotels');
    list.replaceChildren();
    if (!data) { document.getElementById('title').textContent = (result.content && result.content[0] && result.content[0].text) || 'No result'; return; }
    document.getElementById('title').textContent = data.hotels.length + ' properties, ' + data.checkin + ' to ' + data.checkout;
    const money = new Intl.NumberFormat(undefined, { style: 'currency', currency: data.currency });
    for (const hotel of [...data.hotels].sort((a, b) => a.minprice - b.minprice)) {
      const item = document.createElement('li');
      const left = document.createElement('div');
      left.append(text('div', 'name', hotel.name), text('div', 'where', hotel.location.name + ' · ' + '★'.repeat(hotel.rating)));
      const right = document.createElement('div');
      const book = text('a', 'book', 'Book');
      book.href = hotel.targetUrl;
      book.addEventListener('click', (event) => { event.preventDefault(); app.openLink({ url: hotel.targetUrl }).catch(() => window.open(hotel.targetUrl, '_blank')); });
      right.append(text('div', 'price', money.format(hotel.minprice)), book);
      item.append(left, right);
      list.append(item);
    }
  };
  app.connect();
</script>
</body>
</html>
`;
}
