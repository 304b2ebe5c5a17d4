import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * ESM (`dist/index.js`) and CommonJS (`dist/index.cjs`) builds with their declarations. The public types
 * are plain TypeScript (src/types/generated.ts), so the declarations need neither zod nor the domain
 * library; ky stays an external dependency. The CommonJS build `require()`s ky, which is ESM-only:
 * Node 20.19 and later load it (see `engines`).
 */
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  platform: 'neutral',
  target: 'es2022',
  tsconfig: 'tsconfig.lib.json',
  // The declarations are bundled from src/index.ts, which reaches only plain types (never derived.ts).
  dts: { compilerOptions: { composite: false, incremental: false, declarationMap: false } },
  sourcemap: true,
  clean: true,
  outDir: 'dist',
  treeshake: true,
  define: { __HOTELAPI_CLIENT_VERSION__: JSON.stringify(version) },
});
