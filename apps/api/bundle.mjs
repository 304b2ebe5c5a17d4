/**
 * The service as it runs in production (`npm run start:prod`, the image): the compiled `dist/`
 * and the npm packages it uses bundled by esbuild into `bundle/`, a few files in place of some
 * thousand modules that Node would otherwise find, read and link one by one at every start
 * (docs/PERFORMANCE.md has the figures). The source maps lead back to `dist/` and node_modules
 * (`node --enable-source-maps`).
 *
 * Each entry point keeps its name and every chunk sits in one folder at the depth of `dist/`, so
 * the paths our code builds from `import.meta.url` (the compile cache, the worker threads) find
 * the same files; `import()` stays lazy, a chunk of its own (splitting).
 *
 *   node apps/api/bundle.mjs      (nx run api:bundle, after api:build)
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const dist = new URL('dist/', import.meta.url);
const outdir = new URL('bundle/', import.meta.url).pathname;
const ENTRY_POINTS = ['main', 'warm-compile-cache', 'services/webhooks/delivery-thread', 'services/admission/write-thread'];

/**
 * Packages loaded from node_modules as they are, each for a reason a bundle cannot keep: they
 * read files beside their own code (`__dirname`), or tracing patches them as Node loads them.
 * (`@opentelemetry/api` is joined: its copies share one registration, kept on `globalThis`.)
 */
const LOADED_AS_INSTALLED = new Set([
  // Tracing patches these, or hooks Node's loader, as Node loads them.
  'pg',
  'pg-pool',
  '@opentelemetry/sdk-node',
  '@opentelemetry/exporter-trace-otlp-http',
  '@opentelemetry/instrumentation-pg',
  '@fastify/otel',
  // These find files beside their own code: their package.json, the UI's files, transports'
  // worker threads, their own file names in errors and stack traces.
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pino',
  'ioredis',
  'undici',
]);

/** `pg` of `pg/lib/x.js`, `@scope/name` of `@scope/name/x`. */
function packageOf(specifier) {
  const [first, second] = specifier.split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/** The folder Node would load package `name` from, looking up from `folder`. */
function installedFolder(name, folder) {
  for (let at = folder; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name);
    if (existsSync(candidate)) return candidate;
    if (at === dirname(at)) return undefined;
  }
}

const NODE_MODULES_FILE = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\/.*\.[cm]?js$/;

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: Object.fromEntries(ENTRY_POINTS.map((entry) => [entry.split('/').at(-1), new URL(`${entry}.js`, dist).pathname])),
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: 'linked',
  // V8 keeps every module's source for as long as the process lives, in two bytes a character if
  // one comment has a character beyond ASCII: no comments, no indentation. Names stay, so stack
  // traces still name their functions (the source maps give the lines).
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'linked',
  logLevel: 'warning',
  // Joined CommonJS packages call `require` (Node's built-in modules, optional dependencies).
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
  plugins: [
    {
      name: 'packages-loaded-as-installed',
      setup(bundler) {
        bundler.onResolve({ filter: /^[^./]/ }, ({ path, kind, importer }) => {
          const name = packageOf(path);
          if (name.startsWith('node:') || name.startsWith('@hotelapi/')) return undefined;
          // What our code loads with `import()` is off the start's path, and esbuild would give a
          // CommonJS package's chunk only a default export.
          const ours = !importer.includes('/node_modules/');
          if (!LOADED_AS_INSTALLED.has(name) && !(ours && kind === 'dynamic-import')) return undefined;
          // Node resolves it from the bundle's folder: that must find the copy the importer would.
          const installed = installedFolder(name, dirname(importer));
          if (installed !== installedFolder(name, outdir)) {
            return { errors: [{ text: `${importer} would load ${installed}, the bundle another copy of ${name}` }] };
          }
          return { path, external: true };
        });
      },
    },
    {
      // A joined module's `__dirname` is undefined in an ES module: fail the build, not a request.
      name: 'joined-packages-find-no-files-beside-them',
      setup(bundler) {
        bundler.onLoad({ filter: NODE_MODULES_FILE }, ({ path }) => {
          const contents = readFileSync(path, 'utf8');
          if (!/\b__(?:dirname|filename)\b/.test(contents)) return undefined;
          const name = NODE_MODULES_FILE.exec(path)[1];
          return { errors: [{ text: `${name} refers to __dirname or __filename (${path}): add it to LOADED_AS_INSTALLED` }] };
        });
      },
    },
  ],
});
