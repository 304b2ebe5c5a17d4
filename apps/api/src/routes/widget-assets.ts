import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import { darkThemeDeclarations, WIDGET_DARK_THEME } from '../widget-dark-theme.js';

/** The script-tag bundle's path: versioned by the widget's major version, so it can be cached for good. */
export const WIDGET_SCRIPT_PATH = '/widget/v1/hotel-search.js';
export const WIDGET_DEMO_PATH = '/widget/demo';

const ONE_YEAR_SECONDS = 31_536_000;

/** The content codings the build writes next to the bundle (libs/widget/tools/precompress.mjs), best first. */
const PRECOMPRESSED = [
  { coding: 'br', extension: '.br' },
  { coding: 'gzip', extension: '.gz' },
] as const;
type Coding = (typeof PRECOMPRESSED)[number]['coding'];

/** The built `@hotelapi/widget` bundle, its precompressed forms and its Subresource Integrity hash. */
export interface WidgetBundle {
  readonly script: Buffer;
  readonly compressed: ReadonlyMap<Coding, Buffer>;
  readonly integrity: string;
}

/** Reads the bundle `nx run widget:build` made; undefined when the widget has not been built. */
export async function loadWidgetBundle(): Promise<WidgetBundle | undefined> {
  let path: string;
  let script: Buffer;
  try {
    path = createRequire(import.meta.url).resolve('@hotelapi/widget/hotel-search.js');
    script = await readFile(path);
  } catch {
    return undefined;
  }
  const compressed = new Map<Coding, Buffer>();
  for (const { coding, extension } of PRECOMPRESSED) {
    // A build without the siblings still serves the script, uncompressed.
    const bytes = await readFile(`${path}${extension}`).catch(() => undefined);
    if (bytes) compressed.set(coding, bytes);
  }
  return { script, compressed, integrity: `sha384-${createHash('sha384').update(script).digest('base64')}` };
}

/**
 * The booking widget for `<script type="module">` on any page, and a demo page that embeds it.
 * The script is public and immutable: any origin may load it (module scripts are fetched with
 * CORS), and a new build ships under a new major path or with a new integrity hash. Without a
 * built widget the routes are not registered, so they answer 404 like any unknown path.
 */
export async function widgetAssetRoutes(app: FastifyInstance): Promise<void> {
  const bundle = await loadWidgetBundle();
  if (!bundle) {
    app.log.warn('The widget is not built (npx nx run widget:build): /widget routes are off.');
    return;
  }
  const hash = bundle.integrity.slice('sha384-'.length, 'sha384-'.length + 27);
  const codings = [...bundle.compressed.keys()];

  // Sent as built: the compression plugin would only compress again what is compressed already.
  app.get(WIDGET_SCRIPT_PATH, { schema: { hide: true }, compress: false }, async (request, reply) => {
    const coding = codings.length ? negotiate(request.headers['accept-encoding'] ?? '', codings) : null;
    // Each coding is its own representation, so its own strong validator.
    const etag = coding ? `"${hash}-${coding}"` : `"${hash}"`;
    void reply
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`)
      .header('x-content-type-options', 'nosniff')
      .header('vary', 'accept-encoding')
      .header('etag', etag)
      .type('text/javascript; charset=utf-8');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    if (!coding) return reply.send(bundle.script);
    return reply.header('content-encoding', coding).send(bundle.compressed.get(coding));
  });

  app.get(WIDGET_DEMO_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(demoPage(bundle.integrity)),
  );
}

/** Chain ACME in English and French, light and dark: what docs/WIDGET.md shows. */
function demoPage(integrity: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>hotel-search widget demo</title>
  <!-- No icon to fetch: the browser's console stays clean of a /favicon.ico 404. -->
  <link rel="icon" href="data:,">
  <script type="module" src="${WIDGET_SCRIPT_PATH}" integrity="${integrity}" crossorigin="anonymous"></script>
  <style>
    body { margin: 0; font-family: system-ui, sans-serif; background: #f3f4f6; color: #1a1a1a; }
    header, main { max-width: 110rem; margin: 0 auto; padding: 1rem; }
    h1 { font-size: 1.5rem; margin: 0; }
    /* Two columns from about 1200 px (a 1280 px window shows both side by side), one below. */
    main { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(min(100%, 36rem), 1fr)); }
    section { border-radius: 12px; padding: 1rem; }
    section h2 { font-size: 1.1rem; margin: 0 0 0.75rem; }
    .light { background: #ffffff; }
    .dark { background: ${WIDGET_DARK_THEME['--hs-color-background']}; color: ${WIDGET_DARK_THEME['--hs-color-text']}; }
    .dark hotel-search { ${darkThemeDeclarations()} }
  </style>
</head>
<body>
  <header><h1>&lt;hotel-search&gt; for chain ACME</h1></header>
  <main>
    <section class="light" aria-labelledby="light-title">
      <h2 id="light-title">English, light theme</h2>
      <hotel-search chain="ACME" currency="EUR" lang="en"></hotel-search>
    </section>
    <section class="dark" aria-labelledby="dark-title" lang="fr">
      <h2 id="dark-title">Français, thème sombre</h2>
      <hotel-search chain="ACME" currency="EUR" lang="fr"></hotel-search>
    </section>
  </main>
</body>
</html>
`;
}
