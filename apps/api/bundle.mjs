/**
 * The service as it runs in production (`npm run start:prod`, the image): the compiled `dist/`
 * bundled by esbuild into `bundle/`, our own modules (this app and the @hotelapi libraries) joined
 * into a few files: loading some 300 small modules one by one is work a start need not do
 * (docs/PERFORMANCE.md has the figures). Packages from npm stay as they are, loaded from
 * node_modules: some find their files beside their own code (`__dirname`), and tracing patches `pg`
 * as Node loads it. The source maps lead back to `dist/` (`node --enable-source-maps`).
 *
 * Each entry point keeps its name and every chunk sits in one folder at the depth of `dist/`, so
 * the paths our code builds from `import.meta.url` (the compile cache, the worker threads) find
 * the same files; `import()` stays lazy, a chunk of its own (splitting).
 *
 *   node apps/api/bundle.mjs      (nx run api:bundle, after api:build)
 */
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const dist = new URL('dist/', import.meta.url);
const outdir = new URL('bundle/', import.meta.url).pathname;
const ENTRY_POINTS = ['main', 'warm-compile-cache', 'services/webhooks/delivery-thread', 'services/admission/write-thread'];

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
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-stay-external',
      setup(bundler) {
        bundler.onResolve({ filter: /^[^./]/ }, ({ path }) => (path.startsWith('@hotelapi/') ? undefined : { external: true }));
      },
    },
  ],
});
