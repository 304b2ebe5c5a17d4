import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { generate } from 'selfsigned';

/** The page's origin: one chain ACME allows in the sandbox (its widget origins), and one it does not. */
export const ALLOWED_HOST = 'www.acme-hotels.example';
export const FOREIGN_HOST = 'www.not-acme.example';

export interface SdkPage {
  /** Chromium host rules sending both names' port 443 to this server. */
  readonly hostRules: readonly string[];
  /** The server's self-signed certificate (PEM), for Chromium to accept. */
  readonly certificate: string;
  /** What the page's import map says, as served. */
  readonly importMap: { readonly imports: Readonly<Record<string, string>> };
  close(): Promise<void>;
}

type Exports = string | { readonly [condition: string]: Exports } | null | undefined;

/** The file a browser-targeting resolver picks from `exports`: `browser`, else `import`, else `default`. */
function browserTarget(exports: Exports): string | undefined {
  if (typeof exports === 'string') return exports;
  if (exports === null || exports === undefined) return undefined;
  const root = '.' in exports ? exports['.'] : exports;
  if (typeof root === 'string' || root === null || root === undefined) return browserTarget(root);
  for (const condition of ['browser', 'import', 'default']) {
    const target = browserTarget(root[condition]);
    if (target !== undefined) return target;
  }
  return undefined;
}

/** `/node_modules/<name>/<entry>` for an installed package, from its package.json as a browser resolver reads it. */
function entryUrl(nodeModules: string, name: string): string {
  const manifest = JSON.parse(readFileSync(join(nodeModules, name, 'package.json'), 'utf8')) as { exports?: Exports; module?: string; main?: string };
  const entry = browserTarget(manifest.exports) ?? manifest.module ?? manifest.main ?? 'index.js';
  return new URL(entry, `https://x/node_modules/${name}/`).pathname;
}

/**
 * The import map a web page without a bundler needs for the installed SDK: the SDK itself and each
 * of its dependencies (the packed manifest's `dependencies`: ky), mapped to their ES module entries.
 */
export function importMapFor(nodeModules: string, packageName: string): { imports: Record<string, string> } {
  const manifest = JSON.parse(readFileSync(join(nodeModules, packageName, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const names = [packageName, ...Object.keys(manifest.dependencies ?? {})];
  return { imports: Object.fromEntries(names.map((name) => [name, entryUrl(nodeModules, name)])) };
}

/**
 * A hotel's web page using the SDK without a bundler: an import map and a module script that imports
 * `@hotelapi/client` as application code would, then hands the module to the tests as `window.HotelApi`.
 */
function page(importMap: SdkPage['importMap']): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>ACME Hotels</title>
  <script type="importmap">${JSON.stringify(importMap)}</script>
  <script type="module">
    import * as HotelApi from '@hotelapi/client';
    window.HotelApi = HotelApi;
  </script>
</head>
<body><h1>ACME Hotels</h1></body>
</html>`;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/**
 * One HTTPS server on loopback answering for both host names: the page at `/`, and under
 * `/node_modules/` the files of the packages the import map names (nothing else), as a static host
 * or a CDN would serve an installed package.
 */
export async function startSdkPage(project: string, packageName: string): Promise<SdkPage> {
  const nodeModules = join(project, 'node_modules');
  const importMap = importMapFor(nodeModules, packageName);
  const servedRoots = Object.keys(importMap.imports).map((name) => join(nodeModules, name) + sep);
  const html = page(importMap);
  const pems = await generate([{ name: 'commonName', value: ALLOWED_HOST }], { keyType: 'ec', curve: 'P-256', algorithm: 'sha256' });

  const server = createServer({ cert: pems.cert, key: pems.private }, (request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'https://x');
    if (pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      return;
    }
    const file = resolve(nodeModules, `.${decodeURIComponent(pathname.slice('/node_modules'.length))}`);
    const type = CONTENT_TYPES[extname(file)];
    if (!pathname.startsWith('/node_modules/') || !type || !servedRoots.some((root) => file.startsWith(root))) {
      response.writeHead(404).end();
      return;
    }
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': type, 'x-content-type-options': 'nosniff' }).end(body);
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    hostRules: [`MAP ${ALLOWED_HOST}:443 127.0.0.1:${port}`, `MAP ${FOREIGN_HOST}:443 127.0.0.1:${port}`],
    certificate: pems.cert,
    importMap,
    close: () =>
      new Promise((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}
