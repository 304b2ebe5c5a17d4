import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

/** The origin chain ACME allows for its widgets (sandbox configuration), and one it does not. */
export const ALLOWED_HOST = 'www.acme-hotels.example';
export const FOREIGN_HOST = 'www.not-acme.example';

export interface HostPages {
  /** Chromium host rules sending both names' port 443 to this server. */
  readonly hostRules: readonly string[];
  /** The server's self-signed certificate (PEM), for Chromium to accept. */
  readonly certificate: string;
  close(): Promise<void>;
}

/**
 * A hotel's own web page, as a web team would write it: the widget from the API by script tag.
 * The query string sets the page's `lang` and the widget's attributes (the first of two equal
 * attributes wins, so the query's win over the defaults); every search and
 * selection the widget reports is kept in `window.widgetEvents` for the tests to read.
 */
function hostPage(apiUrl: string, query: URLSearchParams): string {
  const pageLang = query.get('pageLang') ?? 'en';
  const attributes = [...query].filter(([name]) => name !== 'pageLang').map(([name, value]) => ` ${name}="${value}"`).join('');
  return `<!doctype html>
<html lang="${pageLang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>ACME Hotels</title>
  <script type="module" src="${apiUrl}/widget/v1/hotel-search.js"></script>
  <script>
    window.widgetEvents = [];
    for (const type of ['hotel-search:search', 'hotel-search:select']) {
      document.addEventListener(type, (event) => {
        window.widgetEvents.push({ type, detail: event.detail });
        if (type === 'hotel-search:select') event.preventDefault();
      });
    }
  </script>
  <style>body { margin: 0; font-family: system-ui, sans-serif; } main { padding: 0.5rem; }</style>
</head>
<body>
  <main>
    <h1>ACME Hotels</h1>
    <hotel-search${attributes} chain="ACME" api="${apiUrl}" currency="EUR"></hotel-search>
  </main>
</body>
</html>`;
}

/**
 * A page that already holds an availability answer (as an MCP App does) and gives it to the
 * widget, which then asks the API nothing: no `chain`, no `api`; the test sets `results`.
 */
function givenAnswerPage(apiUrl: string): string {
  return hostPage(apiUrl, new URLSearchParams()).replace(/<hotel-search[^>]*>/, '<hotel-search currency="EUR">');
}

/** One HTTPS server on loopback that answers for both host names. */
export async function startHostPages(apiUrl: string): Promise<HostPages> {
  const pems = await generate([{ name: 'commonName', value: ALLOWED_HOST }], { keyType: 'ec', curve: 'P-256', algorithm: 'sha256' });
  const server: Server = createServer({ cert: pems.cert, key: pems.private }, (request, response) => {
    const url = new URL(request.url ?? '/', `https://${request.headers.host ?? ALLOWED_HOST}`);
    const page = url.pathname === '/' ? hostPage(apiUrl, url.searchParams) : url.pathname === '/given' ? givenAnswerPage(apiUrl) : undefined;
    if (page === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    hostRules: [`MAP ${ALLOWED_HOST}:443 127.0.0.1:${port}`, `MAP ${FOREIGN_HOST}:443 127.0.0.1:${port}`],
    certificate: pems.cert,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
