import { defineConfig, type Options } from 'tsup';

/** Workspace sources are bundled from TypeScript, as tsconfig's customConditions resolve them. */
const fromSources: Options['esbuildOptions'] = (options) => {
  options.conditions = ['@hotelapi/source'];
};

const common: Options = {
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  platform: 'browser',
  target: 'es2022',
  tsconfig: 'tsconfig.lib.json',
  treeshake: true,
  esbuildOptions: fromSources,
};

/**
 * Two builds of one entry: `dist/index.js` for `npm install @hotelapi/widget` (lit stays a
 * dependency the host's bundler can share), and `dist/cdn/hotel-search.js`, one minified module
 * with lit inside, which the API serves for `<script type="module">` (tools/bundle-size.mjs
 * checks its size after the build).
 */
export default defineConfig([
  {
    ...common,
    outDir: 'dist',
    clean: true,
    sourcemap: true,
    // The client SDK is only a devDependency: the few of its types the widget's API names are
    // copied into dist/index.d.ts, so users install neither it nor ky.
    dts: {
      resolve: ['@hotelapi/client'],
      compilerOptions: { composite: false, incremental: false, declarationMap: false },
    },
  },
  {
    ...common,
    entry: { 'hotel-search': 'src/index.ts' },
    outDir: 'dist/cdn',
    noExternal: [/.*/],
    minify: true,
    sourcemap: false,
  },
]);
