import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { darkThemeDeclarations, WIDGET_DARK_THEME } from '../../widget-dark-theme.js';

/** The MCP App `search_chain_availability` links (ext-apps: the tool's `_meta.ui.resourceUri`). */
export const CHAIN_SEARCH_APP_URI = 'ui://hotel-api/chain-search.html';

/** ext-apps' `RESOURCE_MIME_TYPE`: what tells a host the resource is an MCP App. */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** The tool `_meta` that links the app, in the current form and the deprecated flat key hosts still read. */
export const CHAIN_SEARCH_APP_META = { ui: { resourceUri: CHAIN_SEARCH_APP_URI }, 'ui/resourceUri': CHAIN_SEARCH_APP_URI } as const;

let page: string | undefined;

/**
 * The app's page: self-contained HTML (the host renders it in a sandboxed iframe that may reach no
 * network, and may not fetch the API under CORS either), so it inlines ext-apps' browser bundle
 * (`app-with-deps`: the `App` class and its postMessage transport) and the booking widget's
 * script-tag bundle (`@hotelapi/widget`, Lit inside). The widget gets the tool result's
 * `structuredContent.data` as its `results` and renders, sorts and filters those hotels itself,
 * asking nothing of the API. Built on first read and kept.
 */
export function chainSearchAppHtml(): string {
  const require = createRequire(import.meta.url);
  return (page ??= renderPage(
    classicScript(readFileSync(require.resolve('@modelcontextprotocol/ext-apps/app-with-deps'), 'utf8')),
    inlineScript(readWidgetBundle(require.resolve)),
  ));
}

function readWidgetBundle(resolve: NodeJS.RequireResolve): string {
  try {
    return readFileSync(resolve('@hotelapi/widget/hotel-search.js'), 'utf8');
  } catch (error) {
    throw new Error('The booking widget is not built (npx nx run widget:build), so the MCP App cannot be served.', { cause: error });
  }
}

/**
 * ext-apps' bundle is an ES module; a host's iframe may refuse `blob:` imports, so its closing
 * `export{local as name,...}` becomes a plain global and it runs as a classic script.
 */
function classicScript(moduleSource: string): string {
  const match = /export\s*\{([^}]*)\};?\s*$/.exec(moduleSource);
  if (!match) throw new Error('@modelcontextprotocol/ext-apps/app-with-deps no longer ends with an export list');
  const members = (match[1] ?? '').split(',').map((entry) => {
    const [local, exported = local] = entry.trim().split(/\s+as\s+/);
    return `${JSON.stringify(exported)}:${local}`;
  });
  const body = moduleSource.slice(0, match.index);
  return inlineScript(`(()=>{${body};globalThis.McpExtApps={${members.join(',')}};})();`);
}

/**
 * Script text safe inside `<script>`: `</script` would end the element early (in script source it
 * can only sit in a string or regular expression, where `<\/script` means the same). `<!--` and
 * `<script` change how the HTML parser reads what follows; no bundle has them today, and rewriting
 * them could change the code, so they stop the page from being built instead.
 */
function inlineScript(source: string): string {
  if (/<!--|<script/i.test(source)) throw new Error('A script inlined into the MCP App page contains "<!--" or "<script"');
  return source.replaceAll(/<\/script/gi, '<\\/script');
}

/** The host's style variables (ext-apps) that the widget's colours take where the host sends them. */
const HOST_COLOURS = {
  '--hs-color-background': '--color-background-primary',
  '--hs-color-surface': '--color-background-secondary',
  '--hs-color-text': '--color-text-primary',
  '--hs-color-muted': '--color-text-secondary',
} as const;

/**
 * The widget follows the host: its theme (`data-theme` set by ext-apps' `applyDocumentTheme`, with
 * the dark theme docs/WIDGET.md shows), the host's style variables where it sends them, its
 * locale unless the tool was asked for a language (the hotel names come in that one).
 */
const PAGE_STYLE = `
  body { margin: 0; font-family: var(--font-sans, system-ui, sans-serif); background: var(--color-background-primary, #fff); color: var(--color-text-primary, #1a1a1a); }
  #note { margin: 0; padding: 12px 16px; }
  [hidden] { display: none !important; }
  hotel-search {
    --hs-font-family: var(--font-sans, system-ui, sans-serif);
    --hs-color-background: var(--color-background-primary, #fff);
    --hs-color-surface: var(--color-background-primary, #fff);
    --hs-color-text: var(--color-text-primary, #1a1a1a);
    --hs-color-muted: var(--color-text-secondary, #4a4a4a);
    --hs-radius: var(--border-radius-md, 8px);
  }
  [data-theme="dark"] body {
    background: var(--color-background-primary, ${WIDGET_DARK_THEME['--hs-color-background']});
    color: var(--color-text-primary, ${WIDGET_DARK_THEME['--hs-color-text']});
  }
  [data-theme="dark"] hotel-search { ${darkThemeDeclarations(HOST_COLOURS)} }`;

/**
 * What the page does with the host (ext-apps protocol): the tool input's `lang`, the tool result
 * into the widget, the host context into theme and language, and Book links through the host
 * (`ui/open-link`), since a sandboxed frame may not navigate.
 */
const APP_SCRIPT = `
  const { App, applyDocumentTheme, applyHostStyleVariables, applyHostFonts } = globalThis.McpExtApps;
  const widget = document.querySelector('hotel-search');
  const note = document.getElementById('note');
  const app = new App({ name: 'hotel-api-chain-search', version: '2.0.0' }, {});
  let askedLanguage = false;
  const applyContext = (context) => {
    if (context.theme) applyDocumentTheme(context.theme);
    if (context.styles && context.styles.variables) applyHostStyleVariables(context.styles.variables);
    if (context.styles && context.styles.css && context.styles.css.fonts) applyHostFonts(context.styles.css.fonts);
    if (!askedLanguage && context.locale) document.documentElement.lang = context.locale;
  };
  app.ontoolinput = (params) => {
    const lang = params.arguments && params.arguments.lang;
    if (typeof lang === 'string') {
      askedLanguage = true;
      document.documentElement.lang = lang;
    }
  };
  app.ontoolresult = (result) => {
    const data = result.structuredContent && result.structuredContent.data;
    if (result.isError || !data) {
      const text = (result.content || []).find((block) => block.type === 'text');
      note.textContent = text ? text.text : 'The search gave no result.';
      note.hidden = false;
      widget.hidden = true;
      return;
    }
    note.hidden = true;
    widget.hidden = false;
    widget.results = data;
  };
  app.onhostcontextchanged = applyContext;
  widget.addEventListener('hotel-search:select', (event) => {
    event.preventDefault();
    app.openLink({ url: event.detail.url }).catch(() => window.open(event.detail.url, '_blank', 'noopener'));
  });
  await app.connect();
  applyContext(app.getHostContext() || {});
`;

function renderPage(extApps: string, widget: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Chain availability</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<p id="note" role="status">Waiting for results…</p>
<hotel-search hidden></hotel-search>
<script>${extApps}</script>
<script type="module">${widget}</script>
<script type="module">${APP_SCRIPT}</script>
</body>
</html>
`;
}
