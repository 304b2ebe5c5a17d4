import { defineConfig } from 'tsup';

/**
 * One minified module with lit and uPlot inside, named by its content hash (the API serves it as
 * immutable); tools/precompress.mjs then writes its .br and .gz and dist/manifest.json naming it.
 */
export default defineConfig({
  entry: { dashboard: 'src/index.ts' },
  format: ['esm'],
  platform: 'browser',
  target: 'es2022',
  tsconfig: 'tsconfig.lib.json',
  outDir: 'dist',
  clean: true,
  treeshake: true,
  minify: true,
  noExternal: [/.*/],
  sourcemap: false,
  loader: { '.css': 'text' },
  esbuildOptions: (options) => {
    options.conditions = ['@hotelapi/source'];
    options.entryNames = '[name]-[hash]';
  },
});
