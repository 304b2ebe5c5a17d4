import { basename, resolve } from 'node:path';
import { defaultServerConditions } from 'vite';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

/** Resolve workspace packages to their TypeScript sources, as tsconfig's customConditions does. */
const conditions = ['@hotelapi/source', ...defaultServerConditions];

/**
 * One vitest configuration for every project. Each run also writes a JSON report to
 * `reports/vitest/<project>.json`, which `npm test` sums into the closing "N passed, N failed".
 */
export function defineProjectConfig(projectDir: string, test: ViteUserConfig['test'] = {}) {
  const name = basename(projectDir);
  return defineConfig({
    root: projectDir,
    cacheDir: resolve(import.meta.dirname, 'node_modules/.vite', name),
    resolve: { conditions },
    ssr: { resolve: { conditions, externalConditions: ['@hotelapi/source'] } },
    test: {
      name,
      environment: 'node',
      include: ['src/**/*.test.ts', 'tools/**/*.test.ts'],
      reporters: ['default', 'json'],
      outputFile: { json: resolve(import.meta.dirname, 'reports/vitest', `${name}.json`) },
      passWithNoTests: true,
      testTimeout: 20_000,
      hookTimeout: 30_000,
      ...test,
    },
  });
}
