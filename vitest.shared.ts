import { basename, resolve } from 'node:path';
import { defaultServerConditions } from 'vite';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

/**
 * Tests are hermetic: they never lean on the caller's TLS or proxy settings. Deleting these here,
 * before vitest forks its workers, keeps them out of every test process.
 */
const CALLER_ONLY_VARIABLES = [
  'NODE_TLS_REJECT_UNAUTHORIZED',
  'NODE_EXTRA_CA_CERTS',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'ALL_PROXY',
  'all_proxy',
];
for (const name of CALLER_ONLY_VARIABLES) delete process.env[name];

/** Resolve workspace packages to their TypeScript sources, as tsconfig's customConditions does. */
const conditions = ['@hotelapi/source', ...defaultServerConditions];
/**
 * Packages loaded by Node itself (not transformed) resolve as Node does, without Vite's `module`
 * condition: the OpenTelemetry API's `module` build imports without file extensions, which Node
 * refuses (prom-client requires it).
 */
const nodeConditions = conditions.filter((condition) => condition !== 'module');

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
    ssr: { resolve: { conditions: nodeConditions, externalConditions: ['@hotelapi/source'] } },
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
